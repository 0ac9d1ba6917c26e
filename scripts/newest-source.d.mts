/** The newest modification time (ms) of the files under the given paths (relative to `root`), tests skipped. */
export function newestSourceTime(root: string): (paths: readonly string[]) => number;
