import {
  Award,
  BadgePercent,
  FolderCode,
  MessageCircleQuestionMark,
  NotebookPen,
  Presentation,
  Shirt,
  Sparkles,
  Speaker,
  Trophy,
  UserRound,
  Watch,
  type LucideIcon,
} from 'lucide-react'
import type { CourseExtraIcon } from '#app/content/course-extras.ts'
import type { PrizeIcon } from '#app/content/prizes.ts'

/** lucide-react components for the icon names used in the content data. */
export const EXTRA_ICONS: Record<CourseExtraIcon, LucideIcon> = {
  'folder-code': FolderCode,
  trophy: Trophy,
  'badge-percent': BadgePercent,
  award: Award,
  'user-round': UserRound,
  presentation: Presentation,
  'message-circle-question-mark': MessageCircleQuestionMark,
  sparkles: Sparkles,
}

export const PRIZE_ICONS: Record<PrizeIcon, LucideIcon> = {
  'notebook-pen': NotebookPen,
  shirt: Shirt,
  watch: Watch,
  speaker: Speaker,
}
