/// <reference types="booking-widget/types/react" />
