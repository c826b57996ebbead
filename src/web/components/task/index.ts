/** Task UI shared by the task pages and dashboards. */
export { StatusDot } from './status-dot';
export { TaskStatusBadge } from './status-badge';
export { OverdueBadge } from './overdue-badge';
export { BudgetFigure } from './budget-figure';
export { StarRating, type StarRatingProps } from './star-rating';
export { TaskListCard, TaskListView, type TaskListCardProps } from './task-list';
export { useTaskList, TASK_LIST_PAGE_SIZE, type TaskListParams } from './use-task-list';
