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
