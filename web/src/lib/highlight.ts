import './prism-manual';
import Prism from 'prismjs';
import 'prismjs/components/prism-markup-templating';
import 'prismjs/components/prism-jsx';
import 'prismjs/components/prism-typescript';
import 'prismjs/components/prism-tsx';
import 'prismjs/components/prism-python';
import 'prismjs/components/prism-bash';
import 'prismjs/components/prism-json';
import 'prismjs/components/prism-yaml';
import 'prismjs/components/prism-toml';
import 'prismjs/components/prism-ini';
import 'prismjs/components/prism-markdown';
import 'prismjs/components/prism-go';
import 'prismjs/components/prism-rust';
import 'prismjs/components/prism-java';
import 'prismjs/components/prism-kotlin';
import 'prismjs/components/prism-swift';
import 'prismjs/components/prism-c';
import 'prismjs/components/prism-cpp';
import 'prismjs/components/prism-csharp';
import 'prismjs/components/prism-ruby';
import 'prismjs/components/prism-php';
import 'prismjs/components/prism-sql';
import 'prismjs/components/prism-scss';
import 'prismjs/components/prism-graphql';
import 'prismjs/components/prism-lua';
import 'prismjs/components/prism-docker';
import 'prismjs/components/prism-makefile';
import 'prismjs/components/prism-diff';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
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
