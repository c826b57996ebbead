import { Plus, Trash2 } from 'lucide-react';
import {
  CHECKLIST_ITEM_KINDS,
  CHECKLIST_LIMITS,
  CHECKLIST_TEMPLATES,
  checklistFromTemplate,
  type ChecklistItemKind,
  type ChecklistTemplate,
} from '@shared/domain/checklist';
import { format } from '@shared/format-message';
import { evidenceTrustMessages as evidenceTrustText } from '@shared/messages/evidence-trust';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';

/** An item as the form edits it (new items get their id on the server). */
export interface EditableItem {
  id?: string;
  label: string;
  kind: ChecklistItemKind;
  required: boolean;
}

const TEMPLATE_NAMES: Record<ChecklistTemplate, string> = {
  property: evidenceTrustText.templateProperty,
  vehicle: evidenceTrustText.templateVehicle,
  item: evidenceTrustText.templateItem,
};
const KIND_NAMES: Record<ChecklistItemKind, string> = { photo: evidenceTrustText.kindPhoto, video: evidenceTrustText.kindVideo };
const selectClass = 'h-9 rounded-md border border-input bg-background px-2 text-sm';

/** The create form's checklist: what the expert must capture, item by item (docs/decisions/0150). */
export function ChecklistEditor({
  items,
  onChange,
  error,
}: {
  items: EditableItem[];
  onChange: (items: EditableItem[]) => void;
  error?: string;
}) {
  const update = (index: number, change: Partial<EditableItem>) =>
    onChange(items.map((item, i) => (i === index ? { ...item, ...change } : item)));
  return (
    <fieldset className="space-y-3 rounded-md border p-3" data-field="checklist">
      <legend className="px-1 text-sm font-medium">{evidenceTrustText.checklistTitle}</legend>
      <p className="text-xs text-muted-foreground">{evidenceTrustText.checklistHint}</p>
      <div className="flex flex-wrap gap-2">
        {(Object.keys(CHECKLIST_TEMPLATES) as ChecklistTemplate[]).map((template) => (
          <Button key={template} type="button" size="sm" variant="outline" onClick={() => onChange(checklistFromTemplate(template))}>
            {format(evidenceTrustText.checklistUseTemplate, { name: TEMPLATE_NAMES[template] })}
          </Button>
        ))}
      </div>
      {items.length === 0 ? <p className="text-sm text-muted-foreground">{evidenceTrustText.checklistEmpty}</p> : null}
      <ol className="space-y-2">
        {items.map((item, index) => (
          <li key={index} className="flex flex-wrap items-center gap-2">
            <Input
              aria-label={`${evidenceTrustText.checklistItemLabel} ${index + 1}`}
              className="min-w-0 flex-1 basis-48"
              value={item.label}
              maxLength={CHECKLIST_LIMITS.labelMax}
              onChange={(event) => update(index, { label: event.target.value })}
            />
            <select
              aria-label={`${evidenceTrustText.checklistKind} ${index + 1}`}
              className={selectClass}
              value={item.kind}
              onChange={(event) => update(index, { kind: event.target.value as ChecklistItemKind })}
            >
              {CHECKLIST_ITEM_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_NAMES[kind]}
                </option>
              ))}
            </select>
            <label className="flex items-center gap-1 text-sm">
              <input type="checkbox" checked={item.required} onChange={(event) => update(index, { required: event.target.checked })} />
              {evidenceTrustText.checklistRequired}
            </label>
            <Button
              type="button"
              size="icon"
              variant="ghost"
              aria-label={format(evidenceTrustText.checklistRemove, { label: item.label || index + 1 })}
              onClick={() => onChange(items.filter((_, i) => i !== index))}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ol>
      {items.length < CHECKLIST_LIMITS.maxItems ? (
        <Button type="button" size="sm" variant="secondary" onClick={() => onChange([...items, { label: '', kind: 'photo', required: true }])}>
          <Plus aria-hidden="true" /> {evidenceTrustText.checklistAdd}
        </Button>
      ) : null}
      {error ? (
        <p className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
