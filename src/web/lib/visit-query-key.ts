/** The query key of a task's visit: the Visit card, the chat header and the task's live updates share it. */
export const visitQueryKey = (taskId: string) => ['tasks', taskId, 'appointment'] as const;
