/** The notification list shows at most 50 unread, newest first (spec 001 section 9). */
export const NOTIFICATION_LIST_MAX = 50;
