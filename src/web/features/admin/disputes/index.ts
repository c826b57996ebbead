/** The admin Disputes tab (issue 13): mount `<DisputesPanel />` as a tab of the admin page. */
export { DisputesPanel } from './disputes-panel';
export { RefundControl } from './refund-control';
export { ReviewWindowSetting } from './review-window-setting';
