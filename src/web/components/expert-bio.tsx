import { useId, useState } from 'react';
import { EXPERT_DISPLAY } from '@shared/constants';
import { isBioEmpty, needsShowMore } from '@shared/domain/expert';
import { messages } from '@shared/messages';
import { Button } from '@web/components/ui/button';

const detailsText = messages.taskPages.details;

/**
 * An expert's bio cut at 150 characters with Show more / Show less when it is longer, or the spec's
 * text when it is absent or the 'New Expert' placeholder (the task page's expert card and the public profile).
 */
export function ExpertBio({ bio }: { bio: string }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  if (isBioEmpty(bio)) return <p className="text-sm text-muted-foreground">{messages.expert.noBio}</p>;
  const long = needsShowMore(bio);
  const shown = long && !expanded ? `${bio.slice(0, EXPERT_DISPLAY.bioShowMoreAbove).trimEnd()}…` : bio;
  return (
    <div className="space-y-1">
      <p id={id} className="whitespace-pre-wrap text-sm">
        {shown}
      </p>
      {long ? (
        <Button
          variant="link"
          size="sm"
          className="h-auto px-0"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? detailsText.showLess : detailsText.showMore}
        </Button>
      ) : null}
    </div>
  );
}
