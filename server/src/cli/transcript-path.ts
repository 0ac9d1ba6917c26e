import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Whether the CLI has a transcript for this session: `<projectsDir>/<escaped cwd>/<sessionId>.jsonl`.
 * The CLI finds a session to resume in any project directory, so every one is checked.
 */
export async function transcriptExists(projectsDir: string, sessionId: string): Promise<boolean> {
  let projects: string[];
  try {
    projects = await fs.readdir(projectsDir);
  } catch {
    return false;
  }
  const checks = projects.map((project) =>
    fs.stat(path.join(projectsDir, project, `${sessionId}.jsonl`)).then(
      (stat) => stat.isFile(),
      () => false,
    ),
  );
  return (await Promise.all(checks)).some(Boolean);
}

/**
 * The size and modification time of the session's transcript ('size:mtime'), or undefined without one: tells whether
 * the history changed between two moments (a CLI outside the console resumed the session in between).
 */
export async function transcriptStamp(projectsDir: string, sessionId: string): Promise<string | undefined> {
  const projects = await fs.readdir(projectsDir).catch(() => [] as string[]);
  const stats = await Promise.all(projects.map((project) => fs.stat(path.join(projectsDir, project, `${sessionId}.jsonl`)).catch(() => undefined)));
  const found = stats.find((stat) => stat?.isFile());
  return found ? `${found.size}:${found.mtimeMs}` : undefined;
}
