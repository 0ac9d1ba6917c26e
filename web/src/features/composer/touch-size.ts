/**
 * Touch targets of the composer's controls on a phone: at least 40 px (the desktop sizes, 28 and 36 px, are too small
 * for a finger). Added to a Button's own size classes; the `max-sm:` rules come after them in the stylesheet.
 */
export const TOUCH_ICON = 'max-sm:h-10 max-sm:w-10';
/** For the toolbar's labelled buttons (directory, worktree, model, permission mode). */
export const TOUCH_ROW = 'max-sm:h-10';
