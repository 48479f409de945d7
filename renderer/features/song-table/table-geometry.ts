/** The table's fixed sizes, shared by its header and rows (px). */
export const ROW_HEIGHT = 32;
export const SELECT_WIDTH = 36;
export const PLAY_WIDTH = 32;
export const MENU_WIDTH = 40;
export const LEAD_WIDTH = SELECT_WIDTH + PLAY_WIDTH;
/** A column is never dragged narrower or wider than this. */
export const MIN_COLUMN_WIDTH = 48;
export const MAX_COLUMN_WIDTH = 1200;
