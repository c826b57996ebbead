/** Texts of the reports section of the messages catalogue (see ../messages.ts). */
export const reportsMessages = {
  reasonRequired: 'Please provide a reason for the report',
  reasonTooLong: 'Reason must be at most 1000 characters',
  loginRequired: 'You must be logged in to report a client',
  submitFailed: 'Failed to submit report. Please try again.',
  unexpectedError: 'An unexpected error occurred. Please try again.',
  submitted: 'Client report submitted successfully',
  onlyAssignedExpert: 'Only the assigned expert can report the client',
  alreadyReported: 'You have already reported this client for this task.',
  notReportable: 'You can report the client only while payment is not authorized or has expired',
} as const;
