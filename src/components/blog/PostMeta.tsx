import { Calendar, Clock, User } from 'lucide-react';
import { cn } from '@/lib/cn';

export interface PostMetaProps {
  author: string;
  date: string;
  isoDate: string;
  readTime: string;
  className?: string;
}

export function PostMeta({ author, date, isoDate, readTime, className }: PostMetaProps) {
  return (
    <ul className={cn('flex flex-wrap items-center gap-x-5 gap-y-2 text-sm', className)}>
      <li className="inline-flex items-center gap-1.5">
        <User aria-hidden="true" className="size-4" />
        <span className="sr-only">Author: </span>
        {author}
      </li>
      <li className="inline-flex items-center gap-1.5">
        <Calendar aria-hidden="true" className="size-4" />
        <span className="sr-only">Published: </span>
        <time dateTime={isoDate}>{date}</time>
      </li>
      <li className="inline-flex items-center gap-1.5">
        <Clock aria-hidden="true" className="size-4" />
        {readTime}
      </li>
    </ul>
  );
}
