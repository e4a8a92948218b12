import { useQuery } from '@tanstack/react-query';
import { courseUploadsQueryOptions } from './get-course-uploads';
import { uploadsQueryOptions, type UploadHistoryFilter } from './get-uploads';

/** The history with a course filter reads that course's own list; without one, all uploads. */
export const uploadHistoryQueryOptions = (filter: UploadHistoryFilter) =>
  filter.courseId
    ? courseUploadsQueryOptions(filter.courseId, filter)
    : uploadsQueryOptions(filter);

export function useUploadHistory(filter: UploadHistoryFilter) {
  return useQuery(uploadHistoryQueryOptions(filter));
}
