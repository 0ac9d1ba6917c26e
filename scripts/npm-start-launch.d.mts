/** The environment variables and Node flags of a checkout's `npm start` (this one by default). */
export function npmStartLaunch(root?: string): { env: Record<string, string>; flags: string[] };
