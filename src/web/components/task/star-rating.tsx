/** The widget moved to components/star-rating.tsx (shared beyond the task pages); kept for existing imports. */
export { StarRating, starRatingLabel, type StarRatingProps } from '../star-rating';
