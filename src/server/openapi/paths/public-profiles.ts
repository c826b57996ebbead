import { reviewsQuerySchema } from '@shared/schemas/reviews.schemas';
import {
  expertPublicProfileResponseSchema,
  expertReviewsPageResponseSchema,
} from '@shared/schemas/expert-public-api.schemas';
import type { RouteDoc } from '../route-doc';

export const publicProfilesDocs: RouteDoc[] = [
  {
    route: 'GET /api/experts/:id/public',
    summary: "An expert's public profile",
    access: 'public',
    responses: { 200: expertPublicProfileResponseSchema },
  },
  {
    route: 'GET /api/experts/:id/reviews',
    summary: "An expert's reviews, newest first, a page at a time",
    access: 'public',
    query: reviewsQuerySchema,
    responses: { 200: expertReviewsPageResponseSchema },
  },
];
