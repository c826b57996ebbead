/** Texts of the notifications section of the messages catalogue (see ../messages.ts). */
export const notificationsMessages = {
  markReadFailed: 'Failed to mark notification as read',
  markAllReadFailed: 'Failed to mark notifications as read',
} as const;
