import {
  expertApplicationResponseSchema,
  myExpertProfileResponseSchema,
} from '@shared/schemas/experts-api.schemas';
import type { RouteDoc } from '../route-doc';

export const expertsDocs: RouteDoc[] = [
  {
    route: 'GET /api/experts/:id/document',
    summary: "An expert's application document (the expert or an admin)",
    access: 'user',
    produces: {
      status: 200,
      contentType: '*/*',
      description: 'The document as uploaded (PDF or image, its own content type), as an attachment.',
    },
  },
  {
    route: 'GET /api/experts/me',
    summary: 'My expert profile (null when I have none)',
    access: 'user',
    responses: { 200: myExpertProfileResponseSchema },
  },
  {
    route: 'POST /api/experts/application',
    summary: 'Apply to become an expert (multipart with a document)',
    access: 'user',
    upload: true,
    responses: { 200: expertApplicationResponseSchema },
  },
];
