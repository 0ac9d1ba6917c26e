/** Highlighting languages by file extension (Prism language ids). */
const BY_EXTENSION: Record<string, string> = {
  ts: 'typescript', mts: 'typescript', cts: 'typescript', tsx: 'tsx', js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'jsx',
  json: 'json', jsonl: 'json', py: 'python', rb: 'ruby', go: 'go', rs: 'rust', java: 'java', kt: 'kotlin', kts: 'kotlin', swift: 'swift',
  c: 'c', h: 'c', cc: 'cpp', cpp: 'cpp', cxx: 'cpp', hpp: 'cpp', cs: 'csharp', php: 'php', sh: 'bash', bash: 'bash', zsh: 'bash',
  yml: 'yaml', yaml: 'yaml', toml: 'toml', ini: 'ini', md: 'markdown', markdown: 'markdown', html: 'markup', htm: 'markup',
  xml: 'markup', svg: 'markup', css: 'css', scss: 'scss', sql: 'sql', graphql: 'graphql', gql: 'graphql', lua: 'lua',
  diff: 'diff', patch: 'diff', dockerfile: 'docker', mk: 'makefile', txt: 'plaintext',
};

/** Files recognised by their whole name (case-insensitive). */
const BY_NAME: Record<string, string> = {
  dockerfile: 'docker', containerfile: 'docker', makefile: 'makefile', gnumakefile: 'makefile', gemfile: 'ruby', rakefile: 'ruby',
  '.bashrc': 'bash', '.zshrc': 'bash', '.profile': 'bash', '.gitignore': 'plaintext', '.env': 'bash', 'cmakelists.txt': 'plaintext',
};

/** The Prism language of a file path, by special file name then extension; 'plaintext' by default. */
export function detectLanguage(filePath: string | undefined): string {
  if (!filePath) return 'plaintext';
  const name = (filePath.split(/[\\/]/).pop() ?? '').toLowerCase();
  const special = BY_NAME[name];
  if (special) return special;
  if (name.startsWith('dockerfile.')) return 'docker';
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return 'plaintext';
  return BY_EXTENSION[name.slice(dot + 1)] ?? 'plaintext';
}
