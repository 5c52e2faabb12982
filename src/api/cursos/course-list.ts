import type { PageCache } from '../../caching/page-cache.js';
import type { CacheControl } from '../common.schemas.js';
import type { ListDeclaration } from '../list-pipeline.js';
import { toCourse } from './course-mapper.js';
import { listCourses, type CourseOrder } from './cursos.queries.js';
import type { Course, CourseListQuery } from './cursos.schemas.js';

type CourseListRow = Awaited<ReturnType<typeof listCourses>>[number];

/** The course lists, by start date and id: every served course, or (the website's) those open for enrolment. */
export function courseList(
  onlyOpen: boolean,
  options: { cacheControl: CacheControl; pageCache?: PageCache },
): ListDeclaration<CourseListQuery, { onlyOpen: boolean }, CourseOrder, CourseListRow, Course> {
  return {
    filters: () => ({ onlyOpen }),
    orders: { data_inicio: { key: 'date' } },
    order: () => 'data_inicio',
    query: listCourses,
    id: (row) => row.id,
    item: toCourse,
    ...options,
  };
}
