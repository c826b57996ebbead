/** Texts of browser web push (issue 19; see ../messages.ts). */
export const webPushMessages = {
  toggleTitle: 'Browser notifications',
  toggleLabel: 'Browser notifications',
  toggleHelp: 'Get a notification on this device even when the page is closed.',
  unsupported: 'This browser does not support notifications.',
  denied: 'Notifications are blocked for this site. Allow them in your browser settings, then try again.',
  turnedOn: 'Browser notifications are on',
  turnedOff: 'Browser notifications are off',
  failed: 'Could not change browser notifications. Please try again.',
  invalidSubscription: 'This browser subscription is not valid.',
  subscriptionNotFound: 'This browser is not subscribed.',
  offerTitle: 'Notifications on this device',
  offerHelp: 'Hear about applications, messages and payments on this device, even when the page is closed.',
  offerAccept: 'Turn on notifications',
  offerDismiss: 'Not now',
} as const;
