import type { RouteDoc } from '../route-doc';

export const expertsDocs: RouteDoc[] = [
  { route: 'GET /api/experts/:id/document', summary: "An expert's application document", access: 'user' },
  { route: 'GET /api/experts/me', summary: 'My expert profile', access: 'user' },
  {
    route: 'POST /api/experts/application',
    summary: 'Apply to become an expert (multipart with a document)',
    access: 'user',
  },
];
