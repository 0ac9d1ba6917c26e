import './prism-manual';
import Prism from 'prismjs';
import { escapeHtml } from './escape-html';
// This module itself loads on demand (the code views' useHighlighter). The grammars most transcripts need come
// with it; the others load when first shown (loadGrammar): nobody waits for twenty languages never shown.
import 'prismjs/components/prism-typescript';
import 'prismjs/components/prism-bash';
import 'prismjs/components/prism-json';
import 'prismjs/components/prism-diff';

const jsx = () => import('prismjs/components/prism-jsx');
const c = () => import('prismjs/components/prism-c');
/** Grammars loaded on demand, each after the ones it extends. */
const GRAMMAR_LOADERS: Record<string, () => Promise<unknown>> = {
  jsx,
  tsx: () => jsx().then(() => import('prismjs/components/prism-tsx')),
  python: () => import('prismjs/components/prism-python'),
  yaml: () => import('prismjs/components/prism-yaml'),
  toml: () => import('prismjs/components/prism-toml'),
  ini: () => import('prismjs/components/prism-ini'),
  markdown: () => import('prismjs/components/prism-markdown'),
  go: () => import('prismjs/components/prism-go'),
  rust: () => import('prismjs/components/prism-rust'),
  java: () => import('prismjs/components/prism-java'),
  kotlin: () => import('prismjs/components/prism-kotlin'),
  swift: () => import('prismjs/components/prism-swift'),
  c,
  cpp: () => c().then(() => import('prismjs/components/prism-cpp')),
  csharp: () => import('prismjs/components/prism-csharp'),
  ruby: () => import('prismjs/components/prism-ruby'),
  php: () => import('prismjs/components/prism-markup-templating').then(() => import('prismjs/components/prism-php')),
  sql: () => import('prismjs/components/prism-sql'),
  scss: () => import('prismjs/components/prism-scss'),
  graphql: () => import('prismjs/components/prism-graphql'),
  lua: () => import('prismjs/components/prism-lua'),
  docker: () => import('prismjs/components/prism-docker'),
  makefile: () => import('prismjs/components/prism-makefile'),
};
// Names a fenced code block may use for them (the aliases each grammar registers once loaded).
for (const [alias, language] of Object.entries({ py: 'python', rb: 'ruby', yml: 'yaml', md: 'markdown', cs: 'csharp', dotnet: 'csharp', kt: 'kotlin', kts: 'kotlin', dockerfile: 'docker' })) {
  GRAMMAR_LOADERS[alias] = GRAMMAR_LOADERS[language] as () => Promise<unknown>;
}

export type Highlighter = (code: string, grammar: Prism.Grammar, language: string) => string;

/**
 * One line as highlighted HTML (Prism escapes the text it tokenises). Plain text, an unknown language
 * or a highlighter that throws gives the raw line, escaped (spec §2).
 */
export function highlightLine(line: string, language: string, highlighter: Highlighter = Prism.highlight): string {
  const grammar = Prism.languages[language];
  if (!grammar || language === 'plaintext') return escapeHtml(line);
  try {
    return highlighter(line, grammar, language);
  } catch {
    return escapeHtml(line);
  }
}

/** Whether Prism knows the language. */
export function hasGrammar(language: string): boolean {
  return language !== 'plaintext' && Boolean(Prism.languages[language]);
}

/** Loads a grammar that is not bundled; undefined when it is already there or unknown. Loading twice is harmless. */
export function loadGrammar(language: string): Promise<unknown> | undefined {
  if (hasGrammar(language)) return undefined;
  const load = GRAMMAR_LOADERS[language];
  return load?.().catch((error: unknown) => console.warn(`Loading the ${language} grammar failed`, error));
}
