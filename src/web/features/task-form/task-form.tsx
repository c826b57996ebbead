import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { format as formatDate } from 'date-fns';
import { AlertTriangle, Info, XCircle } from 'lucide-react';
import { TASK_CATEGORIES, TASK_URGENCIES, type TaskCategory, type TaskUrgency } from '@shared/domain/enums';
import { TASK_DEFAULTS } from '@shared/constants';
import { messages } from '@shared/messages';
import { LocationPicker } from '@web/components/location-picker';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { DateInput } from '@web/components/ui/date-input';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { defaultChecklist } from '@shared/domain/checklist';
import { ChecklistEditor } from './checklist-editor';
import { TASK_FORM_FIELDS, type TaskFormErrors, type TaskFormState } from './task-form-model';
import { WaitlistOffer } from './waitlist-offer';

/** A new category brings its checklist, unless the client already edited the current one. */
function withCategory(value: TaskFormState, category: TaskCategory): TaskFormState {
  if (!value.checklist) return { ...value, category };
  const untouched = JSON.stringify(value.checklist) === JSON.stringify(defaultChecklist(value.category));
  return { ...value, category, checklist: untouched ? defaultChecklist(category) : value.checklist };
}

const formText = messages.taskPages.form;

/** Problems shown above the buttons: content-check errors block, warnings do not, a refused location blocks. */
export interface TaskFormNotices {
  contentErrors: string[];
  warnings: string[];
  locationRefused: string | null;
}

export const NO_NOTICES: TaskFormNotices = { contentErrors: [], warnings: [], locationRefused: null };

export interface TaskFormProps {
  mode: 'create' | 'edit';
  value: TaskFormState;
  onChange: (value: TaskFormState) => void;
  errors: TaskFormErrors;
  notices: TaskFormNotices;
  submitting: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  /** Shown above the fields (the quick-task pre-fill notice). */
  banner?: ReactNode;
}

/** The task form: the spec's fields in the spec's order, each with its validation text. */
export function TaskForm({
  mode,
  value,
  onChange,
  errors,
  notices,
  submitting,
  onSubmit,
  onCancel,
  banner,
}: TaskFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [today] = useState(() => formatDate(new Date(), 'yyyy-MM-dd'));
  const set = <K extends keyof TaskFormState>(key: K, next: TaskFormState[K]) =>
    onChange({ ...value, [key]: next });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  // After a failed submit the first invalid field takes the focus, in the spec's field order.
  useEffect(() => {
    const field = TASK_FORM_FIELDS.find((name) => errors[name]);
    if (!field) return;
    formRef.current
      ?.querySelector<HTMLElement>(
        `[data-field="${field}"] input, [data-field="${field}"] textarea, [data-field="${field}"] button`,
      )
      ?.focus();
  }, [errors]);

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="space-y-5"
      aria-label={mode === 'create' ? formText.newTitle : formText.editTitle}
    >
      {banner}
      <div data-field="title">
        <Field label={formText.titleLabel} error={errors.title} required id="task-title">
          <Input
            value={value.title}
            placeholder={formText.titlePlaceholder}
            onChange={(event) => set('title', event.target.value)}
          />
        </Field>
      </div>
      <div data-field="description">
        <Field label={formText.descriptionLabel} error={errors.description} required id="task-description">
          <Textarea
            rows={5}
            value={value.description}
            placeholder={formText.descriptionPlaceholder}
            onChange={(event) => set('description', event.target.value)}
          />
        </Field>
      </div>
      <div data-field="location">
        <LocationPicker
          label={formText.locationLabel}
          value={value.location}
          onChange={(location) => set('location', location)}
          error={errors.location}
          required
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <div data-field="due_date">
          <Field
            label={formText.dueDateLabel}
            error={errors.due_date}
            required={mode === 'create'}
            id="task-due-date"
          >
            <DateInput
              value={value.due_date}
              min={mode === 'create' ? today : undefined}
              placeholder={formText.dueDatePlaceholder}
              title={formText.dueDatePlaceholder}
              onChange={(event) => set('due_date', event.target.value)}
            />
          </Field>
        </div>
        <div data-field="category">
          <Field label={formText.categoryLabel} error={errors.category} id="task-category">
            {(control) => (
              <Select value={value.category} onValueChange={(next) => onChange(withCategory(value, next as TaskCategory))}>
                <SelectTrigger {...control}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {TASK_CATEGORIES.map((category) => (
                    <SelectItem key={category} value={category}>
                      {messages.taskPages.categories[category]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
        </div>
        <div data-field="urgency">
          <Field label={formText.urgencyLabel} error={errors.urgency} id="task-urgency">
            {(control) => (
              <Select value={value.urgency} onValueChange={(next) => set('urgency', next as TaskUrgency)}>
                <SelectTrigger {...control}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {TASK_URGENCIES.map((urgency) => (
                    <SelectItem key={urgency} value={urgency}>
                      {messages.taskPages.urgencies[urgency]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
        </div>
      </div>
      <div data-field="requirements">
        <Field label={formText.requirementsLabel} error={errors.requirements} required id="task-requirements">
          <Textarea
            rows={3}
            value={value.requirements}
            placeholder={formText.requirementsPlaceholder}
            onChange={(event) => set('requirements', event.target.value)}
          />
        </Field>
      </div>
      <div data-field="budget" className="sm:max-w-xs">
        <Field label={formText.budgetLabel} error={errors.budget} required id="task-budget">
          <Input
            type="number"
            inputMode="decimal"
            min={TASK_DEFAULTS.budgetMinInputCents / 100}
            step={TASK_DEFAULTS.budgetInputStepCents / 100}
            value={value.budget}
            onChange={(event) => set('budget', event.target.value)}
          />
        </Field>
      </div>
      {mode === 'create' && value.checklist ? (
        <ChecklistEditor items={value.checklist} onChange={(items) => set('checklist', items)} error={errors.checklist} />
      ) : null}
      <FormNotices notices={notices} value={value} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={submitting}>
          {formText.cancel}
        </Button>
        <Button type="submit" disabled={submitting}>
          {mode === 'create' ? (submitting ? formText.creating : formText.create) : submitting ? formText.updating : formText.update}
        </Button>
      </div>
    </form>
  );
}

function FormNotices({ notices, value }: { notices: TaskFormNotices; value: TaskFormState }) {
  return (
    <>
      {notices.contentErrors.length > 0 ? (
        <Alert variant="destructive" data-testid="content-errors">
          <XCircle aria-hidden="true" />
          <AlertTitle>{formText.contentErrorsTitle}</AlertTitle>
          <AlertDescription>
            {notices.contentErrors.map((text) => (
              <p key={text}>{text}</p>
            ))}
          </AlertDescription>
        </Alert>
      ) : null}
      {notices.locationRefused ? (
        <Alert variant="destructive" data-testid="location-refused">
          <XCircle aria-hidden="true" />
          <AlertTitle>{formText.locationRefusedTitle}</AlertTitle>
          <AlertDescription>
            <p>{notices.locationRefused}</p>
            {notices.locationRefused === messages.tasks.noExpertsNearby ? <WaitlistOffer value={value} /> : null}
          </AlertDescription>
        </Alert>
      ) : null}
      {notices.warnings.length > 0 ? (
        <Alert variant="warning" data-testid="content-warnings">
          <AlertTriangle aria-hidden="true" />
          <AlertTitle>{formText.warningTitle}</AlertTitle>
          <AlertDescription>
            {notices.warnings.map((text) => (
              <p key={text}>{text}</p>
            ))}
          </AlertDescription>
        </Alert>
      ) : null}
    </>
  );
}

/** The quick-task pre-fill notice. */
export function PrefilledNotice() {
  return (
    <Alert variant="info" data-testid="prefilled-notice">
      <Info aria-hidden="true" />
      <AlertDescription>
        <p>{messages.tasks.prefilledNotice}</p>
      </AlertDescription>
    </Alert>
  );
}
