import { LanguageDescription } from '@codemirror/language';
import { languages } from '@codemirror/language-data';
import { unifiedMergeView } from '@codemirror/merge';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useLayoutEffect, useRef } from 'react';

export interface CodeEditorProps {
  fileName: string;
  content: string;
  /** When set, the editor shows the draft against this text (the file as it is on disk now). */
  original?: string;
  /** The line to show and put the cursor on (1-based). */
  line?: number;
  onChange(content: string): void;
}

function extensions(props: CodeEditorProps, language: Compartment, onChange: (text: string) => void): Extension[] {
  return [
    basicSetup,
    language.of([]),
    EditorView.lineWrapping,
    ...(props.content.includes('\r\n') ? [EditorState.lineSeparator.of('\r\n')] : []),
    ...(props.original !== undefined ? [unifiedMergeView({ original: props.original, mergeControls: false })] : []),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) onChange(update.state.doc.toString());
    }),
    EditorView.theme({ '&': { height: '100%', fontSize: '13px' }, '.cm-scroller': { overflow: 'auto' } }),
  ];
}

function goToLine(view: EditorView, line: number): void {
  const target = view.state.doc.line(Math.min(Math.max(1, line), view.state.doc.lines));
  view.dispatch({ selection: { anchor: target.from }, effects: EditorView.scrollIntoView(target.from, { y: 'center' }) });
}

/**
 * CodeMirror 6 in a thin wrapper (its own lazy chunk): made once per mount (the parent keys it by the file's version),
 * syntax highlighting loaded for the file's name, never focused on its own (no keyboard popping up on a phone).
 */
export default function CodeEditor(props: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  useEffect(() => {
    if (!host.current) return;
    const language = new Compartment();
    const view = new EditorView({
      parent: host.current,
      state: EditorState.create({ doc: latest.current.content, extensions: extensions(latest.current, language, (text) => latest.current.onChange(text)) }),
    });
    if (latest.current.line) goToLine(view, latest.current.line);
    let alive = true;
    void LanguageDescription.matchFilename(languages, latest.current.fileName)?.load().then((support) => {
      if (alive) view.dispatch({ effects: language.reconfigure(support) });
    });
    return () => {
      alive = false;
      view.destroy();
    };
  }, []);
  return <div ref={host} className="h-full" data-testid="code-editor" />;
}
