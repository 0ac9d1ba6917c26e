/** Spec §9: dropdown max height 360px (its own module: the lazily loaded menu parts read it without importing the menu). */
export const DROPDOWN_MAX_HEIGHT_PX = 360;
