import type { ReactDiffViewerStylesOverride } from 'react-diff-viewer-continued';
import { CODE_LINE_HEIGHT, DIFF_FONT_SIZE_PX, LINE_NUMBER_MIN_WIDTH } from './constants';

/** Spec §9: diff font 13 px, code line height 1.8, line-number column at least 2.5rem; colours follow the app palette. */
export const diffViewerStyles: ReactDiffViewerStylesOverride = {
  variables: {
    light: { diffViewerBackground: '#ffffff', gutterBackground: '#fafafa', codeFoldBackground: '#f5f5f5', codeFoldGutterBackground: '#f0f0f0', emptyLineBackground: '#fafafa' },
    dark: { diffViewerBackground: '#0a0a0a', gutterBackground: '#171717', codeFoldBackground: '#171717', codeFoldGutterBackground: '#1f1f1f', emptyLineBackground: '#121212' },
  },
  diffContainer: { fontSize: `${DIFF_FONT_SIZE_PX}px`, minWidth: 0, pre: { lineHeight: CODE_LINE_HEIGHT } },
  line: { fontSize: `${DIFF_FONT_SIZE_PX}px`, lineHeight: CODE_LINE_HEIGHT },
  // Long lines wrap between words where they can, not in the middle of an identifier.
  contentText: { fontSize: `${DIFF_FONT_SIZE_PX}px`, lineHeight: `${CODE_LINE_HEIGHT} !important`, wordBreak: 'normal', overflowWrap: 'anywhere' },
  gutter: { minWidth: LINE_NUMBER_MIN_WIDTH, padding: '0 6px', pre: { lineHeight: CODE_LINE_HEIGHT } },
  lineNumber: { fontSize: '12px' },
};
