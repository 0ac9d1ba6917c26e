/** A feature the planted violations import. */
export const demo = 1;
