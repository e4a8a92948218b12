/** Ids the bell and its lazily loaded panel share. */
export const PANEL_ID = 'notifications-panel';
export const PANEL_HEADING_ID = 'notifications-panel-heading';
