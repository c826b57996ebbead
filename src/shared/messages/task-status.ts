/** Texts of the taskStatus section of the messages catalogue (see ../messages.ts). */
export const taskStatusMessages = {
  pending: 'Pending',
  open: 'Open for Applications',
  assigned: 'Assigned to Expert',
  in_progress: 'In Progress',
  pending_approval: 'Pending Client Approval',
  completed: 'Completed',
  verified: 'Verified',
  cancelled: 'Cancelled',
  disputed: 'Disputed',
  payment_lapsed: 'Payment Hold Expired',
  changes_requested: 'Changes Requested',
  no_access_reported: 'No Access Reported',
} as const;
