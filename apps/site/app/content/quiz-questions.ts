// The five questions of the course quiz (docs/behaviour.md, "Quiz scoring").
//
// Every option carries `points`, keyed by course id. The age question gives 100 points to the
// courses of that age group, so the age alone decides the group; the other four questions give
// 1 point to the courses whose files tick that answer (the owner ticks them in the editor) and
// only choose between the courses of that group (at most 4 points). Hidden courses are in none.
import { QUIZ_TRAIT_IDS } from '@it-lab/shared/catalogue'
import { readCourses, type CourseFile } from '@it-lab/shared/content'
import { courses } from './courses.ts'
import { traitQuestion } from './quiz-texts.ts'

/** A course's quiz answers, by course id. */
export type CourseQuiz = Pick<CourseFile, 'id' | 'quiz'>

/** Points per course id; a course that is not listed gets 0. */
export type QuizPoints = Readonly<Record<number, number>>

export type QuizOption = {
  id: string
  text: string
  points: QuizPoints
}

/** One question; the visitor picks exactly one of its options. */
export type QuizQuestion = {
  id: string
  question: string
  options: QuizOption[]
}

/** Points an age answer gives to each course of its group. */
export const AGE_POINTS = 100

/** The age answers. A course belongs to the group its youngest age (`ageMin`) falls in. */
export const AGE_GROUPS = [
  { id: 'under-7', text: 'Меньше 7 лет', fromAge: 0, toAge: 6 },
  { id: '7-10', text: '7–10 лет', fromAge: 7, toAge: 10 },
  { id: '11-13', text: '11–13 лет', fromAge: 11, toAge: 13 },
  { id: '14-17', text: '14–17 лет', fromAge: 14, toAge: 17 },
] as const

export type AgeGroup = (typeof AGE_GROUPS)[number]

/** What the quiz knows of a course: its youngest age and the answers its file ticks. */
export type QuizCourse = Pick<CourseFile, 'id' | 'ageMin' | 'quiz'>

/** The ids of the courses of an age group. */
export function ageGroupCourseIds(
  { fromAge, toAge }: AgeGroup,
  courseList: readonly Pick<QuizCourse, 'id' | 'ageMin'>[] = courses,
): number[] {
  return courseList
    .filter((course) => course.ageMin >= fromAge && course.ageMin <= toAge)
    .map((course) => course.id)
}

/**
 * The five questions for these courses: the age, then the four about the child, each answer
 * giving 1 point to every course whose file ticks it (`quiz` in content/courses/*.json).
 */
export function buildQuizQuestions(courseList: readonly QuizCourse[]): QuizQuestion[] {
  const ageOption = (group: AgeGroup): QuizOption => ({
    id: group.id,
    text: group.text,
    points: Object.fromEntries(ageGroupCourseIds(group, courseList).map((id) => [id, AGE_POINTS])),
  })
  return [
    { id: 'age', question: 'Сколько лет ребёнку?', options: AGE_GROUPS.map(ageOption) },
    ...QUIZ_TRAIT_IDS.map((id) => {
      const { question, options } = traitQuestion(id)
      return {
        id,
        question,
        options: options.map((option) => ({
          ...option,
          points: Object.fromEntries(
            courseList
              .filter(({ quiz }) => quiz[id].some((ticked) => ticked === option.id))
              .map((course) => [course.id, 1]),
          ),
        })),
      }
    }),
  ]
}

/** Each shown course's quiz answers, as the build read them from the course files. */
function readCourseQuizAnswers(): readonly CourseQuiz[] {
  return readCourses()
    .filter((course) => !course.hidden)
    .map(({ id, quiz }) => ({ id, quiz }))
}

const courseQuizAnswers: readonly CourseQuiz[] =
  typeof __COURSE_QUIZ__ === 'undefined' ? readCourseQuizAnswers() : __COURSE_QUIZ__

const noAnswers: CourseQuiz['quiz'] = { interest: [], experience: [], goal: [], learning: [] }

/** The quiz of the site: its shown courses (a hidden one is in no answer's points). */
export const quizQuestions: readonly QuizQuestion[] = buildQuizQuestions(
  courses.map(({ id, ageMin }) => ({
    id,
    ageMin,
    quiz: courseQuizAnswers.find((course) => course.id === id)?.quiz ?? noAnswers,
  })),
)
