#pragma once

// For the pipeline's own .cpp files only: nlohmann_json is a private
// dependency of rd_pipeline.
#include <nlohmann/json.hpp>

#include <ReviewComment.h>

namespace rd {

// A comment as run.json has it. Without `full`, only what the reviewer wrote
// (place, texts, scores, reviewers): what the later roles' prompts show;
// `full` adds what the run did with it (kept, history, translation, the
// other pipelines' fields).
nlohmann::ordered_json commentJson(const ReviewComment &c, bool full);

} // namespace rd
