import type { ReactDiffViewerStylesOverride } from 'react-diff-viewer-continued';
import { CODE_LINE_HEIGHT, DIFF_FONT_SIZE_PX, LINE_NUMBER_MIN_WIDTH } from './constants';

/** Spec §9: diff font 13 px, code line height 1.8, line-number column at least 2.5rem; colours follow the app palette. */
export const diffViewerStyles: ReactDiffViewerStylesOverride = {
  variables: {
    light: { diffViewerBackground: '#ffffff', gutterBackground: '#fafafa', codeFoldBackground: '#f5f5f5', codeFoldGutterBackground: '#f0f0f0', emptyLineBackground: '#fafafa' },
    // Opaque, deep added/removed tones: the library's translucent red and green washed the syntax colours out
    // (a red keyword on a red word highlight); these keep every token colour at 4.5:1 or better (issue 16.7).
    dark: {
      diffViewerBackground: '#0a0a0a', gutterBackground: '#171717', codeFoldBackground: '#171717', codeFoldGutterBackground: '#1f1f1f', emptyLineBackground: '#121212',
      addedBackground: '#0b1f12', wordAddedBackground: '#103019', addedGutterBackground: '#12301c',
      removedBackground: '#1f0d10', wordRemovedBackground: '#3d161a', removedGutterBackground: '#361519',
      diffViewerColor: '#e5e5e5', addedColor: '#e5e5e5', removedColor: '#e5e5e5',
    },
  },
  diffContainer: { fontSize: `${DIFF_FONT_SIZE_PX}px`, minWidth: 0, pre: { lineHeight: CODE_LINE_HEIGHT } },
  line: { fontSize: `${DIFF_FONT_SIZE_PX}px`, lineHeight: CODE_LINE_HEIGHT },
  // Long lines wrap between words, not in the middle of one: the library's `line-break: anywhere` breaks at any
  // character; 'break-word' still breaks a word too long for a whole line (issue 16.7).
  contentText: { fontSize: `${DIFF_FONT_SIZE_PX}px`, lineHeight: `${CODE_LINE_HEIGHT} !important`, lineBreak: 'auto', wordBreak: 'normal', overflowWrap: 'break-word' },
  gutter: { minWidth: LINE_NUMBER_MIN_WIDTH, padding: '0 6px', pre: { lineHeight: CODE_LINE_HEIGHT } },
  lineNumber: { fontSize: '12px' },
};
