/**
 * Texts of the pageTitles section of the messages catalogue (see ../messages.ts): the browser tab's
 * title per page, before " · " and the brand. The specification names no titles; these follow the
 * pages' own headings.
 */
export const pageTitlesMessages = {
  auth: 'Log in or sign up',
  resetPassword: 'Reset your password',
  paymentSetup: 'Payment setup',
  expertProfile: 'Expert profile',
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
  support: 'Support',
  cancellationPolicy: 'Cancellation policy',
  reportVerify: 'Verify a report',
  onsiteVisit: 'Your visit',
  dashboard: 'Dashboard',
  newTask: 'New Task',
  messages: 'Messages',
  taskMessages: 'Task messages',
  waitlist: 'My Waitlist',
  findTasks: 'Find Tasks',
  findExperts: 'Find Experts',
  task: 'Task details',
  editTask: 'Edit Task',
  profile: 'Profile',
  webhookEndpoint: 'Webhook endpoint',
  expertVerification: 'Expert verification',
  earnings: 'Earnings',
  admin: 'Admin',
  notFound: 'Page not found',
} as const;
