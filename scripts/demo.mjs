// `npm run demo`: the console against the scripted fake model, with a scratch project, CUI_HOME and
// CLAUDE_CONFIG_DIR, so it works offline and never touches ~/.cui or ~/.claude. Arguments go to scripts/start.mjs.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { npmStartLaunch } from './npm-start-launch.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FAKE_CLI = path.join(ROOT, 'fake-model/cli.ts');
const FAKE_START_TIMEOUT_MS = 30_000;

const PROMPTS = [
  ['fix the typo', 'reads hello.txt and edits it (approve the Edit in Ask mode)'],
  ['write a file', 'creates new.txt'],
  ['run bash', 'runs a shell command'],
  ['make a todo list', 'a TodoWrite checklist'],
  ['use a subagent', 'a Task/Agent subagent (sidechain)'],
  ['ask me a question', 'an AskUserQuestion prompt'],
  ['make a plan', 'a plan to approve (use Plan mode)'],
  ['show markdown', 'thinking, markdown and code'],
  ['slow', 'a slow reply you can stop'],
  ['api-error', 'an API error'],
];

function makeScratch() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cui-demo-'));
  const dirs = { root, project: path.join(root, 'project'), cuiHome: path.join(root, 'cui'), claudeConfigDir: path.join(root, 'claude'), tmp: path.join(root, 'tmp') };
  for (const dir of Object.values(dirs)) fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dirs.project, 'hello.txt'), 'helo wrld\n');
  const lines = PROMPTS.map(([prompt, what]) => `- \`${prompt}\`: ${what}`);
  fs.writeFileSync(path.join(dirs.project, 'README.md'), `# cui demo project\n\nThe model here is a scripted fake. Prompts to try:\n\n${lines.join('\n')}\n\nAnything else is echoed back.\n`);
  const git = (...args) => execFileSync('git', ['-c', 'user.name=cui demo', '-c', 'user.email=demo@example.invalid', ...args], { cwd: dirs.project, stdio: 'ignore' });
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'Demo project');
  return dirs;
}

/** Starts the fake Messages API on a free port; resolves its URL from the first line it prints. */
function startFake() {
  // Its own process group, so Ctrl-C stops the server first; it exits when our stdin pipe to it closes (even if we crash).
  const child = spawn(process.execPath, ['--import', 'tsx', FAKE_CLI, '--port', '0', '--exit-with-stdin'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'], detached: true });
  const url = new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error('the fake model did not start in time')), FAKE_START_TIMEOUT_MS);
    child.stdout.setEncoding('utf8').on('data', (data) => {
      output += data;
      const match = /FAKE_ANTHROPIC_URL=(\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the fake model exited early (code ${code})`));
    });
  });
  return { child, url };
}

function demoEnv(dirs, fakeUrl) {
  const env = {
    ...process.env,
    CUI_HOME: dirs.cuiHome,
    CLAUDE_CONFIG_DIR: dirs.claudeConfigDir,
    TMPDIR: dirs.tmp,
    ANTHROPIC_BASE_URL: fakeUrl,
    ANTHROPIC_API_KEY: 'sk-demo',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
    CUI_DEMO: '1',
    CUI_DEMO_PROJECT: dirs.project,
    // CLI 2.1.330 hides its todo tool by default; these two make TodoWrite available (deferred) for the todo prompt.
    CLAUDE_CODE_ENABLE_TODO_TOOLS: '1',
    CLAUDE_CODE_ENABLE_TASKS: '0',
  };
  delete env.ANTHROPIC_AUTH_TOKEN;
  // The CLI refuses bypassPermissions (Yolo) as root unless told it runs in a sandbox; the demo only talks to the fake.
  if (process.getuid?.() === 0) env.IS_SANDBOX = '1';
  return env;
}

function printBanner(dirs, fakeUrl) {
  const width = Math.max(...PROMPTS.map(([prompt]) => prompt.length));
  const lines = PROMPTS.map(([prompt, what]) => `    ${prompt.padEnd(width)}  ${what}`);
  process.stdout.write(
    `\ncui demo mode: a scripted fake model at ${fakeUrl}, nothing leaves this machine.\n` +
      `  project:            ${dirs.project}\n` +
      `  CUI_HOME:           ${dirs.cuiHome}\n` +
      `  CLAUDE_CONFIG_DIR:  ${dirs.claudeConfigDir}\n` +
      `  start a conversation in the project with one of these prompts:\n${lines.join('\n')}\n`,
  );
}

const stopChild = (child, signal = 'SIGTERM') => {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};

async function main() {
  const dirs = makeScratch();
  const fake = startFake();
  let fakeUrl;
  try {
    fakeUrl = await fake.url;
  } catch (error) {
    stopChild(fake.child, 'SIGKILL');
    process.stderr.write(`cui demo: ${error.message}\n`);
    process.exit(1);
  }
  printBanner(dirs, fakeUrl);
  const launch = npmStartLaunch();
  const server = spawn(process.execPath, [...launch.flags, path.join(ROOT, 'scripts/start.mjs'), ...process.argv.slice(2)], { cwd: ROOT, env: { ...launch.env, ...demoEnv(dirs, fakeUrl) }, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopChild(server, signal));
  fake.child.on('exit', (code) => {
    if (server.exitCode !== null) return;
    process.stderr.write(`cui demo: the fake model stopped (code ${code}); stopping the server\n`);
    stopChild(server);
  });
  server.on('exit', (code, signal) => {
    fake.child.removeAllListeners('exit');
    stopChild(fake.child);
    process.stdout.write(`cui demo: stopped (${signal ?? `exit code ${code}`}). The scratch files stay in ${dirs.root}\n`);
    process.exit(code ?? (signal ? 128 + os.constants.signals[signal] : 1));
  });
}

await main();
