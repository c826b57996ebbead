/** Texts of the chat section of the messages catalogue (see ../messages.ts). */
export const chatMessages = {
  sendFailed: 'Failed to send message',
  sendFileFailed: 'Failed to send file',
  uploadFailed: 'Failed to upload file',
  fileTooLarge: 'File size exceeds 5MB limit',
  fileTypeInvalid: 'Unsupported file type. Please attach an image, PDF, DOC or DOCX file.',
  taskNotFound: 'Task not found',
  partiesOnly: 'Messages are only available to the client and the accepted expert.',
  mustBeAccepted: 'You must be accepted for this task to view or send messages.',
  readOnly: 'This conversation is read-only because the task is closed.',
  messageEmpty: 'Please type a message',
  messageTooLong: 'Message must be at most {max} characters',
} as const;
