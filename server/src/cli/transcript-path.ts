import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The CLI's transcripts of this session: `<projectsDir>/<escaped cwd>/<sessionId>.jsonl`. The CLI finds a session to
 * resume in any project directory, so every one is looked in (a run in a worktree writes under the worktree's).
 */
export async function transcriptFiles(projectsDir: string, sessionId: string): Promise<string[]> {
  const projects = await fs.readdir(projectsDir).catch(() => [] as string[]);
  const files = projects.map((project) => path.join(projectsDir, project, `${sessionId}.jsonl`));
  const found = await Promise.all(files.map((file) => fs.stat(file).then((stat) => stat.isFile(), () => false)));
  return files.filter((_, i) => found[i]);
}

/** Whether the CLI has a transcript for this session (transcriptFiles). */
export async function transcriptExists(projectsDir: string, sessionId: string): Promise<boolean> {
  return (await transcriptFiles(projectsDir, sessionId)).length > 0;
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
