/** Task UI shared by the task pages and dashboards. */
export { StatusDot } from './status-dot';
export { TaskStatusBadge } from './status-badge';
export { BudgetFigure } from './budget-figure';
export { StarRating, type StarRatingProps } from './star-rating';
