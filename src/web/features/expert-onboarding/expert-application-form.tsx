import { useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from 'sonner';
import { EXPERT_DOCUMENT } from '@shared/constants';
import type { MyExpertProfileDto } from '@shared/schemas/expert-onboarding.schemas';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Progress } from '@web/components/ui/progress';
import { Textarea } from '@web/components/ui/textarea';
import {
  documentProblem,
  validateApplication,
  type ApplicationField,
  type ApplicationValues,
  type PickedLocation,
} from './application-validation';
import { LpcaTerms } from './lpca-terms';
import { ServiceLocationField } from './service-location-field';

export interface ExpertApplicationFormProps {
  /** A saved application to start from (an expert who has not finished payment onboarding yet). */
  existing: MyExpertProfileDto | null;
  /** Sends the form; `onProgress` gets the upload's fraction done. */
  onSubmit: (values: ApplicationValues, onProgress: (fraction: number) => void) => Promise<void>;
}

const ACCEPT = ['.pdf', '.jpg', '.jpeg', '.png', ...EXPERT_DOCUMENT.allowedTypes].join(',');

function initialLocation(existing: MyExpertProfileDto | null): PickedLocation | null {
  if (!existing?.location || existing.latitude === null || existing.longitude === null) return null;
  return {
    name: existing.location,
    lat: existing.latitude,
    lng: existing.longitude,
    address: existing.location,
    country: '',
    region: null,
  };
}

/** The Become a Local Expert form: bio, expertise, service location, document, terms. */
export function ExpertApplicationForm({ existing, onSubmit }: ExpertApplicationFormProps) {
  const [bio, setBio] = useState(existing?.application_submitted ? existing.bio : '');
  const [expertise, setExpertise] = useState(existing?.expertise.join(', ') ?? '');
  const [location, setLocation] = useState<PickedLocation | null>(() => initialLocation(existing));
  const [document, setDocument] = useState<File | null>(null);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [problem, setProblem] = useState<{ field: ApplicationField; message: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const errorOf = (field: ApplicationField) => (problem?.field === field ? problem.message : null);

  function chooseDocument(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    if (file) {
      const message = documentProblem(file);
      if (message) {
        toast.error(message);
        setProblem({ field: 'document', message });
        setDocument(null);
        event.target.value = '';
        return;
      }
    }
    setProblem((current) => (current?.field === 'document' ? null : current));
    setDocument(file);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const values: ApplicationValues = { bio, expertise, location, document, termsAccepted };
    const found = validateApplication(values);
    setProblem(found);
    if (found) {
      toast.error(found.message);
      return;
    }
    setSubmitting(true);
    setProgress(0);
    try {
      await onSubmit(values, setProgress);
    } finally {
      setSubmitting(false);
      setProgress(null);
    }
  }

  return (
    <form className="space-y-6" noValidate onSubmit={submit} aria-label="Become a Local Expert">
      <Field id="expert-bio" label="Bio" required error={errorOf('bio')} description="Tell clients who you are and how you work.">
        <Textarea value={bio} onChange={(e) => setBio(e.target.value)} rows={5} maxLength={5000} />
      </Field>

      <Field
        id="expert-expertise"
        label="Areas of Expertise"
        required
        error={errorOf('expertise')}
        description="Separate areas with commas, for example: Apartments, Vehicles, Marketplace items."
      >
        <Input value={expertise} onChange={(e) => setExpertise(e.target.value)} autoComplete="off" />
      </Field>

      <ServiceLocationField value={location} onChange={setLocation} error={errorOf('location')} />

      <Field
        id="expert-document"
        label="Verification Document"
        required
        error={errorOf('document')}
        description="A government-issued ID as PDF, JPG or PNG, at most 5 MB. Only you and administrators can see it."
      >
        <Input type="file" accept={ACCEPT} onChange={chooseDocument} />
      </Field>

      <div className="space-y-3">
        <LpcaTerms id="lpca-terms" />
        <Field id="expert-terms" label="Accept Payment Processing Terms" orientation="horizontal" required error={errorOf('terms')}>
          {(control) => (
            <Checkbox
              {...control}
              aria-describedby={[control['aria-describedby'], 'lpca-terms'].filter(Boolean).join(' ')}
              checked={termsAccepted}
              onCheckedChange={(checked) => setTermsAccepted(checked === true)}
            />
          )}
        </Field>
      </div>

      {progress !== null ? (
        <div className="space-y-1">
          <Progress value={Math.round(progress * 100)} label="Uploading document" />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            Uploading... {Math.round(progress * 100)}%
          </p>
        </div>
      ) : null}

      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? 'Submitting...' : 'Submit for Verification'}
      </Button>
    </form>
  );
}
