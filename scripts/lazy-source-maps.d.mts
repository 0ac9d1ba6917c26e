/** Maps the stack frames of the files under `directory` (the server's build) through their `.map` files, read on first use. */
export function mapStackTracesLazily(directory: string): void;
