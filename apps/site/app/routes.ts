import { type RouteConfig, index, route } from '@react-router/dev/routes'

export default [
  index('routes/home.tsx'),
  route('courses', 'routes/courses.tsx'),
  route('announcements', 'routes/announcements.tsx'),
  route('schedule', 'routes/schedule.tsx'),
  route('sveden', 'routes/sveden.tsx'),
  route('course/:id', 'routes/course.tsx'),
  route('privacy-policy', 'routes/privacy-policy.tsx'),
  route('personal-data-policy', 'routes/personal-data-policy.tsx'),
  route('cookie', 'routes/cookie.tsx'),
  route('consent', 'routes/consent.tsx'),
  route('thanks', 'routes/thanks.tsx'),
  route('form-error/:reason', 'routes/form-error.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
