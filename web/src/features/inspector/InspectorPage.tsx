/** /inspector: the log monitor panel now; the raw JSON interface comes later. */
export function InspectorPage() {
  return <h1 className="p-4 text-xl font-semibold">CUI Raw JSON Interface</h1>;
}
