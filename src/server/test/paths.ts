import { resolve } from 'node:path';

export const TEMPLATE_DUMP_PATH = resolve(process.cwd(), '.tmp/test-template.tar.gz');

export const postgresTemplateName = () => 'app_test_template';
