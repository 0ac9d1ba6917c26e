/** Home screen (issue 5). */
export function HomePage() {
  return <h1 className="p-4 text-2xl font-semibold">What is the next task?</h1>;
}
