import { reviewsQuerySchema } from '@shared/schemas/reviews.schemas';
import type { RouteDoc } from '../route-doc';

export const publicProfilesDocs: RouteDoc[] = [
  { route: 'GET /api/experts/:id/public', summary: "An expert's public profile", access: 'public' },
  {
    route: 'GET /api/experts/:id/reviews',
    summary: "An expert's reviews",
    access: 'public',
    query: reviewsQuerySchema,
  },
];
