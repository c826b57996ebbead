import { ruleText } from '@shared/domain/rule-texts';
import { usePublicSettings } from './public-settings';

/**
 * Fills a text that states an admin setting (review window, fee, price limits) from the public
 * settings in force, through the shared formatter (docs/decisions/0451); the defaults until they load.
 */
export function useRuleText(): (template: string, values?: Record<string, string | number>) => string {
  const settings = usePublicSettings().data;
  return (template, values) => ruleText(template, settings, values);
}
