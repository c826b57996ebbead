/**
 * Texts of the taskSidebar section of the messages catalogue (see ../messages.ts): the task page's
 * right column, the client card the assigned expert sees and the open task's summary and hints.
 */
export const taskSidebarMessages = {
  clientTitle: 'Your Client',
  clientFallbackName: 'Client',
  memberSince: 'Member since',
  tasksPosted: 'Tasks posted',
  summaryTitle: 'Applications',
  applicationsReceived: 'Applications received',
  pendingReview: 'Waiting for your decision',
  rateRange: 'Proposed rates',
  noApplicationsYet:
    'No applications yet. Verified experts near the task location can apply while it is open.',
  nextStepsTitle: 'Next Steps',
  ownerOpenHint:
    'Compare the applications, then assign the expert you want. You authorize payment after assigning; your card is only charged once you confirm the evidence.',
  expertOpenHint:
    'Send your proposed rate and a short cover letter. If the client assigns you, you can start as soon as they authorize payment.',
  expertAppliedHint: 'Your application is with the client. You will be notified when they decide.',
  visitorOpenHint: 'This task is open for applications from verified local experts.',
} as const;
