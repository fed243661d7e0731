// The texts around the report form (SPEC.md §2, Report Content page): 'What to Report' and 'Our Commitment'.
import type { ReactNode } from 'react';
import { ClipboardCheck, Flag, Lock, OctagonExclamationPoint, Siren, Zap } from 'lucide-react';
import { Card, IconTile } from '../../../components/ui/Card';

const GROUPS: readonly { id: string; title: string; icon: ReactNode; items: readonly string[] }[] = [
  {
    id: 'illegal',
    title: 'Illegal Content',
    icon: <OctagonExclamationPoint />,
    items: [
      'Child exploitation material',
      'Terrorist content',
      'Content promoting violence',
      'Copyrighted material',
      'Content violating local laws',
    ],
  },
  {
    id: 'inappropriate',
    title: 'Inappropriate Content',
    icon: <Flag />,
    items: [
      'Harassment or bullying',
      'Hate speech',
      'Spam or misleading content',
      'Privacy violations',
      'Adult content in public areas',
    ],
  },
];

export function WhatToReport() {
  return (
    <div>
      <h2 className="text-title font-semibold text-slate-900">What to Report</h2>
      <div className="mt-6 flex flex-col gap-6">
        {GROUPS.map((group) => (
          <section key={group.title} aria-labelledby={`report-group-${group.id}`}>
            <h3
              id={`report-group-${group.id}`}
              className="flex items-center gap-2.5 font-semibold text-slate-900"
            >
              <span aria-hidden="true" className="text-brand-700 [&_svg]:size-5">
                {group.icon}
              </span>
              {group.title}
            </h3>
            <ul className="mt-3 flex flex-col gap-2 pl-[1.875rem] text-slate-700">
              {group.items.map((item) => (
                <li
                  key={item}
                  className="relative before:absolute before:-left-4 before:top-[0.6875rem] before:size-1.5 before:rounded-full before:bg-slate-400"
                >
                  {item}
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section
          aria-labelledby="report-group-emergency"
          className="rounded-control border border-danger-200 bg-danger-50 p-4"
        >
          <h3 id="report-group-emergency" className="flex items-center gap-2.5 font-semibold text-danger-800">
            <Siren aria-hidden="true" className="size-5" />
            Emergency Situations
          </h3>
          <p className="mt-2 text-sm leading-relaxed text-danger-800">
            If someone is in immediate danger, contact your local law enforcement right away, then report the
            content here.
          </p>
        </section>
      </div>
    </div>
  );
}

const COMMITMENTS: readonly { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Thorough Review',
    text: 'Every report is reviewed by our moderation team, usually within 24-48 hours.',
    icon: <ClipboardCheck />,
  },
  {
    title: 'Quick Action',
    text: 'High-priority reports are addressed within hours, and harmful content is taken down.',
    icon: <Zap />,
  },
  {
    title: 'Confidential',
    text: 'Reports are confidential: the person you report is never told who reported them.',
    icon: <Lock />,
  },
];

export function OurCommitment() {
  return (
    <section aria-labelledby="commitment-title" className="mt-16">
      <h2 id="commitment-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
        Our Commitment
      </h2>
      <ul className="mt-10 grid gap-5 md:grid-cols-3">
        {COMMITMENTS.map((item) => (
          <Card as="li" key={item.title} className="flex flex-col items-start gap-4">
            <IconTile>{item.icon}</IconTile>
            <div>
              <h3 className="font-semibold text-slate-900">{item.title}</h3>
              <p className="mt-1.5 leading-relaxed text-slate-600">{item.text}</p>
            </div>
          </Card>
        ))}
      </ul>
    </section>
  );
}
