/** Spec §9 'Code/diff preview': collapsed blocks show this many lines. */
export const PREVIEW_LINES = 8;
/** Spec §9: lines of context around a change; unchanged regions beyond fold away. */
export const DIFF_CONTEXT_LINES = 3;
/** Spec §9 diff and code typography. */
export const DIFF_FONT_SIZE_PX = 13;
export const CODE_LINE_HEIGHT = 1.8;
export const LINE_NUMBER_MIN_WIDTH = '2.5rem';
/** Spec §9 mobile breakpoint: at or below it diffs fall back to unified. */
export const PHONE_MAX_WIDTH_PX = 768;
