/** Issue 50: the reliability record, the expert's application pause and its lift (decision 0457). */
export const reliabilityMessages = {
  // The public profile.
  completedAsAgreed: 'Completed as agreed: {percent}% of the last {count} tasks',
  completedAsAgreedLabel: 'Completed as agreed',
  // The expert: refused apply, dashboard banner, notification.
  applicationsPaused:
    'New applications are paused until {until}: you cancelled 3 tasks after being hired within 30 days. Tasks you are already hired for are not affected.',
  pausedTitle: 'Applications paused',
  notifyPausedTitle: 'Applications paused for 7 days',
  notifyPaused:
    'You cancelled 3 tasks after being hired within 30 days, so you cannot apply to new tasks until {until}. Tasks you are already hired for are not affected.',
  notifyLiftedTitle: 'Applications open again',
  notifyLifted: 'An admin lifted the pause on your applications: {reason}',
  // The admin area.
  pausesTitle: 'Paused experts',
  pausesEmpty: 'No expert is paused.',
  pausedUntil: 'Paused until {until}',
  liftPause: 'Lift pause',
  liftPauseFor: 'Lift the application pause of {name}',
  liftPauseText: 'The expert can apply to new tasks again at once. They see your reason.',
  liftReasonLabel: 'Reason (the expert sees it)',
  liftDone: 'The pause is lifted.',
  noPause: 'This expert has no application pause in force.',
  expertNotFound: 'Expert not found',
  loadPausesFailed: 'Failed to load paused experts: {msg}',
} as const;
