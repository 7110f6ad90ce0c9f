<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_CN">
<context>
    <name>QObject</name>
    <message>
        <source>Cannot Create the Demo</source>
        <translation>无法创建演示</translation>
    </message>
</context>
<context>
    <name>rd::AdjudicationView</name>
    <message>
        <source>Adjudication</source>
        <translation>裁决</translation>
    </message>
    <message>
        <source>Comment</source>
        <translation>评论</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Disputed</source>
        <translation>有分歧的标签</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Show adjudicated items too</source>
        <translation>同时显示已裁决的条目</translation>
    </message>
    <message>
        <source>Open Its Merge Request</source>
        <translation>打开其合并请求</translation>
    </message>
    <message>
        <source>No category</source>
        <translation>无类别</translation>
    </message>
    <message>
        <source>No context level</source>
        <translation>无上下文级别</translation>
    </message>
    <message>
        <source>No severity</source>
        <translation>无严重程度</translation>
    </message>
    <message>
        <source>Not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <source>Key bug</source>
        <translation>关键缺陷</translation>
    </message>
    <message>
        <source>Not a key bug</source>
        <translation>不是关键缺陷</translation>
    </message>
    <message>
        <source>Why this label is right (required)</source>
        <translation>为何此标签正确（必填）</translation>
    </message>
    <message>
        <source>Final verdict</source>
        <translation>最终结论</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Context level</source>
        <translation>上下文级别</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重度</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>Save Final Label</source>
        <translation>保存最终标签</translation>
    </message>
    <message>
        <source>MR %1 · %2:%3</source>
        <translation>合并请求 %1 · %2:%3</translation>
    </message>
    <message>
        <source>adjudicated</source>
        <translation>已裁决</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>待裁决</translation>
    </message>
    <message>
        <source>No disagreement to adjudicate.</source>
        <translation>没有需要裁决的分歧。</translation>
    </message>
    <message>
        <source>critique</source>
        <translation>评语</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>The code of merge request %1 shows once it is open in the window.</source>
        <translation>在窗口中打开合并请求 %1 后即可显示其代码。</translation>
    </message>
    <message>
        <source>%1, line %2</source>
        <translation>%1，第 %2 行</translation>
    </message>
    <message>
        <source>%1, lines %2–%3</source>
        <translation>%1，第 %2–%3 行</translation>
    </message>
    <message>
        <source>%1 is not changed in this merge request.</source>
        <translation>%1 在此合并请求中没有变更。</translation>
    </message>
</context>
<context>
    <name>rd::AgreementDialog</name>
    <message>
        <source>Annotator Agreement</source>
        <translation>标注者一致性</translation>
    </message>
    <message>
        <source>Annotators</source>
        <translation>标注者</translation>
    </message>
    <message>
        <source>and</source>
        <translation>与</translation>
    </message>
    <message>
        <source>Merge requests</source>
        <translation>合并请求</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Items both judged</source>
        <translation>双方都评判的条目</translation>
    </message>
    <message>
        <source>Agreement</source>
        <translation>一致率</translation>
    </message>
    <message>
        <source>Cohen's kappa</source>
        <translation>Cohen's kappa</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Kappa compares the observed agreement with the agreement expected by chance from the two annotators' own label frequencies; severity counts values within ±1 as agreeing.</source>
        <translation>Kappa 将观察到的一致率与按两位标注者各自标签频率计算的偶然一致率相比较；严重程度相差不超过 ±1 即视为一致。</translation>
    </message>
    <message>
        <source>All merge requests</source>
        <translation>所有合并请求</translation>
    </message>
    <message>
        <source>#%1 %2</source>
        <translation>#%1 %2</translation>
    </message>
    <message>
        <source>No item judged by both: nothing to compare.</source>
        <translation>没有双方都评判的条目：无法比较。</translation>
    </message>
    <message>
        <source>Both gave every item the same value (%1): chance agreement is 1, so kappa is undefined.</source>
        <translation>双方对所有条目都给出同一个值（%1）：偶然一致率为 1，因此 kappa 无定义。</translation>
    </message>
    <message>
        <source>Every value given (%1) is within ±1 of the others: chance agreement is 1, so kappa is undefined.</source>
        <translation>给出的所有值（%1）彼此相差都不超过 ±1：偶然一致率为 1，因此 kappa 无定义。</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>undefined</source>
        <translation>无定义</translation>
    </message>
    <message>
        <source>Confusion matrix of %1: rows %2, columns %3</source>
        <translation>%1 的混淆矩阵：行为 %2，列为 %3</translation>
    </message>
    <message>
        <source>key bug</source>
        <translation>关键缺陷</translation>
    </message>
    <message>
        <source>no key bug</source>
        <translation>非关键缺陷</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>测量尺度</translation>
    </message>
    <message>
        <source>Krippendorff's alpha</source>
        <translation>Krippendorff's alpha</translation>
    </message>
    <message>
        <source>95 % interval</source>
        <translation>95% 区间</translation>
    </message>
    <message>
        <source>Comments</source>
        <translation>评论</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>取值数</translation>
    </message>
    <message>
        <source>Units: comments with this label from two or more annotators</source>
        <translation>单元：至少两位标注者给出此标签的评论</translation>
    </message>
    <message>
        <source>The values given to those comments, by every annotator</source>
        <translation>所有标注者对这些评论给出的值</translation>
    </message>
    <message>
        <source>All annotators</source>
        <translation>全部标注者</translation>
    </message>
    <message>
        <source>Two annotators</source>
        <translation>两位标注者</translation>
    </message>
    <message>
        <source>severity (Q3)</source>
        <translation>严重程度（Q3）</translation>
    </message>
    <message>
        <source>Q1 nitpick</source>
        <translation>Q1 吹毛求疵</translation>
    </message>
    <message>
        <source>Q2 fake problem</source>
        <translation>Q2 伪问题</translation>
    </message>
    <message>
        <source>No comment has this label from two or more annotators: nothing to compare.</source>
        <translation>没有评论得到两位或更多标注者给出的此标签：无可比较。</translation>
    </message>
    <message>
        <source>Every value given is the same (%1): with no variation, alpha is undefined.</source>
        <translation>给出的所有值都相同（%1）：没有变化，因此 alpha 无定义。</translation>
    </message>
    <message numerus="yes">
        <source>Krippendorff's alpha needs two annotators with verdicts; this workspace has %n.</source>
        <translation><numerusform>Krippendorff's alpha 需要两位给出过结论的标注者；此工作区只有 %n 位。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Krippendorff's alpha over the %n annotators who gave verdicts: %1</source>
        <translation><numerusform>基于给出过结论的 %n 位标注者计算的 Krippendorff's alpha：%1</numerusform></translation>
    </message>
    <message>
        <source>computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>nominal</source>
        <translation>名义</translation>
    </message>
    <message>
        <source>interval</source>
        <translation>等距</translation>
    </message>
    <message>
        <source>Cohen's kappa of every pair for %1 (items both judged); double-click a pair for its confusion matrix</source>
        <translation>每对标注者在“%1”上的 Cohen's kappa（括号内为双方都评判过的条目数）；双击一对可查看其混淆矩阵</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %2: kappa %3 over %n item(s) both judged</source>
        <translation><numerusform>%1 与 %2：在双方都评判过的 %n 个条目上 kappa 为 %3</numerusform></translation>
    </message>
    <message>
        <source>Alpha = 1 − observed / expected disagreement over every annotator's values (Krippendorff 2011): 1 is perfect agreement, 0 agreement by chance. Nominal for verdict, category and key bug; ordinal for context level (diff &lt; file &lt; repository), severity and the Q1/Q2 scores. A comment counts once two annotators gave it the label; the interval is a 95 % bootstrap over the merge requests, each with all its comments.</source>
        <translation>Alpha = 1 − 观察到的分歧 / 期望分歧，基于所有标注者给出的值（Krippendorff 2011）：1 表示完全一致，0 表示一致程度与偶然相当。结论、类别和关键缺陷按名义尺度计算；上下文级别（diff &lt; 文件 &lt; 仓库）、严重程度和 Q1/Q2 评分按顺序尺度计算。一条评论在两位标注者都给出该标签后才计入；区间是对合并请求（每个连同其全部评论）做 95% bootstrap 重抽样得到的。</translation>
    </message>
    <message>
        <source>ordinal</source>
        <translation>顺序</translation>
    </message>
</context>
<context>
    <name>rd::BlindReviewHtml</name>
    <message>
        <source>whole merge request</source>
        <translation>整个合并请求</translation>
    </message>
    <message>
        <source> (old)</source>
        <translation>（旧版本）</translation>
    </message>
    <message>
        <source>This review has no comments.</source>
        <translation>这份审查没有评论。</translation>
    </message>
    <message>
        <source>Severity %1</source>
        <translation>严重度 %1</translation>
    </message>
    <message>
        <source>Root cause:</source>
        <translation>根因：</translation>
    </message>
    <message>
        <source>Suggested fix:</source>
        <translation>建议修复：</translation>
    </message>
</context>
<context>
    <name>rd::CodelessReviewView</name>
    <message>
        <source>Fetch Code…</source>
        <translation>获取代码…</translation>
    </message>
    <message>
        <source>Choose a local clone that holds this merge request's base and head commits, and open its diff</source>
        <translation>选择包含此合并请求基准提交和头部提交的本地克隆，并打开其差异</translation>
    </message>
    <message>
        <source>lines %1–%2</source>
        <translation>第 %1–%2 行</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>(old side)</source>
        <translation>（旧版本一侧）</translation>
    </message>
    <message>
        <source>kept by the pipeline</source>
        <translation>流水线保留</translation>
    </message>
    <message>
        <source>filtered: %1</source>
        <translation>已过滤：%1</translation>
    </message>
    <message>
        <source>No comments to show (the Comments panel's filter may hide them).</source>
        <translation>没有可显示的评论（评论面板的筛选可能隐藏了它们）。</translation>
    </message>
    <message>
        <source>Fetch Code: a Clone of %1</source>
        <translation>获取代码：%1 的克隆</translation>
    </message>
    <message>
        <source>Cannot Fetch Code</source>
        <translation>无法获取代码</translation>
    </message>
    <message>
        <source>The merge request's code is not in %1; nothing was changed.</source>
        <translation>合并请求的代码不在 %1 中；未做任何更改。</translation>
    </message>
</context>
<context>
    <name>rd::CommentCardText</name>
    <message>
        <source>written by %1</source>
        <translation>由 %1 撰写</translation>
    </message>
    <message>
        <source>imported (%1)</source>
        <translation>导入（%1）</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <source>Accepted</source>
        <translation>已接受</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <source>Unsure</source>
        <translation>不确定</translation>
    </message>
    <message>
        <source>Diff Level</source>
        <translation>差异级</translation>
    </message>
    <message>
        <source>File Level</source>
        <translation>文件级</translation>
    </message>
    <message>
        <source>Repo Level</source>
        <translation>仓库级</translation>
    </message>
    <message>
        <source>Security Vulnerability</source>
        <translation>安全漏洞</translation>
    </message>
    <message>
        <source>Code Defect</source>
        <translation>代码缺陷</translation>
    </message>
    <message>
        <source>Maintainability and Readability</source>
        <translation>可维护性与可读性</translation>
    </message>
    <message>
        <source>Performance</source>
        <translation>性能</translation>
    </message>
    <message>
        <source>coarse filter</source>
        <translation>粗筛</translation>
    </message>
    <message>
        <source>top-k</source>
        <translation>前 k 条</translation>
    </message>
    <message>
        <source>meta-reviewer</source>
        <translation>元审查者</translation>
    </message>
    <message>
        <source>merged</source>
        <translation>已合并</translation>
    </message>
    <message>
        <source>validator</source>
        <translation>验证者</translation>
    </message>
    <message>
        <source>unparsed</source>
        <translation>无法解析</translation>
    </message>
    <message>
        <source>filtered out by the coarse filter (Q1 or Q2 too low)</source>
        <translation>被粗筛过滤（Q1 或 Q2 过低）</translation>
    </message>
    <message>
        <source>filtered out: not among the reviewer's top-k</source>
        <translation>已过滤：不在该审查者的前 k 条中</translation>
    </message>
    <message>
        <source>dropped by the meta-reviewer (too few reviewers raised it)</source>
        <translation>被元审查者丢弃（提出它的审查者太少）</translation>
    </message>
    <message>
        <source>merged into another comment by the meta-reviewer</source>
        <translation>被元审查者合并到另一条评论</translation>
    </message>
    <message>
        <source>not confirmed by the validator</source>
        <translation>未被验证者确认</translation>
    </message>
    <message>
        <source>the model's answer could not be read</source>
        <translation>无法读取模型的回答</translation>
    </message>
    <message>
        <source>filtered out at %1</source>
        <translation>在 %1 阶段被过滤</translation>
    </message>
    <message>
        <source>Not judged</source>
        <translation>未评判</translation>
    </message>
    <message>
        <source>%1 %2 (model %3)</source>
        <translation>%1 %2（模型 %3）</translation>
    </message>
    <message>
        <source>Key bug</source>
        <translation>关键缺陷</translation>
    </message>
    <message>
        <source>▲ helpful</source>
        <translation>▲ 有帮助</translation>
    </message>
    <message>
        <source>▼ not helpful</source>
        <translation>▼ 没帮助</translation>
    </message>
    <message>
        <source>Severity %1</source>
        <translation>严重度 %1</translation>
    </message>
    <message>
        <source>its lines are outside the slice the model saw</source>
        <translation>其行号不在模型所见的切片内</translation>
    </message>
    <message>
        <source>edited; the original: “%1” (lines %2–%3)</source>
        <translation>已编辑；原文：“%1”（第 %2–%3 行）</translation>
    </message>
    <message>
        <source>Issue:</source>
        <translation>问题：</translation>
    </message>
    <message>
        <source>Root cause:</source>
        <translation>根因：</translation>
    </message>
    <message>
        <source>Suggested fix:</source>
        <translation>建议修复：</translation>
    </message>
    <message>
        <source>dropped: the judge says its line does not match the diff's line numbers</source>
        <translation>已丢弃：评审模型认为其行号与差异中的行号不符</translation>
    </message>
    <message>
        <source> · revisions %1→%2</source>
        <translation> · 修订 %1→%2</translation>
    </message>
    <message>
        <source> · revision %1</source>
        <translation> · 修订 %1</translation>
    </message>
    <message>
        <source>outdated by revision %1: the lines it was made on changed</source>
        <translation>已被修订 %1 过时：其所在的代码行已改变</translation>
    </message>
</context>
<context>
    <name>rd::CommentCards</name>
    <message>
        <source>the file has no %1 version; shown on the other side</source>
        <translation>该文件没有 %1 版本；显示在另一侧</translation>
    </message>
    <message>
        <source>it names no line; shown at the top</source>
        <translation>未指明行号；显示在顶部</translation>
    </message>
    <message>
        <source>line %1 is past the end of the file (%2 lines); shown at the last line</source>
        <translation>第 %1 行超出文件末尾（共 %2 行）；显示在最后一行</translation>
    </message>
    <message>
        <source>Pending: not stored yet</source>
        <translation>待存储：尚未存储</translation>
    </message>
</context>
<context>
    <name>rd::CommentEditor</name>
    <message>
        <source>new version</source>
        <translation>新版本</translation>
    </message>
    <message>
        <source>old version</source>
        <translation>旧版本</translation>
    </message>
    <message>
        <source>from line</source>
        <translation>从第</translation>
    </message>
    <message>
        <source>to</source>
        <translation>行到</translation>
    </message>
    <message>
        <source>Lines:</source>
        <translation>行：</translation>
    </message>
    <message>
        <source>Category:</source>
        <translation>类别：</translation>
    </message>
    <message>
        <source>Issue:</source>
        <translation>问题：</translation>
    </message>
    <message>
        <source>Root cause:</source>
        <translation>根因：</translation>
    </message>
    <message>
        <source>Suggested fix:</source>
        <translation>建议修复：</translation>
    </message>
    <message>
        <source>Example code:</source>
        <translation>示例代码：</translation>
    </message>
    <message>
        <source>Add Comment</source>
        <translation>添加评论</translation>
    </message>
    <message>
        <source>A comment of your own on &lt;b&gt;%1&lt;/b&gt;; it is judged like any other.</source>
        <translation>你自己对 &lt;b&gt;%1&lt;/b&gt; 的评论；它与其他评论一样接受评判。</translation>
    </message>
    <message>
        <source>Edit Comment</source>
        <translation>编辑评论</translation>
    </message>
    <message>
        <source>Editing a comment on &lt;b&gt;%1&lt;/b&gt;. The original stays stored and visible.</source>
        <translation>正在编辑 &lt;b&gt;%1&lt;/b&gt; 上的评论。原文会保留并可见。</translation>
    </message>
    <message>
        <source>Original (lines %1–%2, %3 side): %4</source>
        <translation>原文（第 %1–%2 行，%3 侧）：%4</translation>
    </message>
</context>
<context>
    <name>rd::CommentListModel</name>
    <message>
        <source>%1:%2-%3</source>
        <translation>%1:%2-%3</translation>
    </message>
    <message>
        <source>%1:%2</source>
        <translation>%1:%2</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重度</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Comment</source>
        <translation>评论</translation>
    </message>
    <message>
        <source>%1 (pending)</source>
        <translation>%1（待存储）</translation>
    </message>
    <message>
        <source>key bug</source>
        <translation>关键缺陷</translation>
    </message>
    <message>
        <source>Key bug</source>
        <translation>关键缺陷</translation>
    </message>
</context>
<context>
    <name>rd::CommentsModel</name>
    <message>
        <source> (old)</source>
        <translation>（旧版本）</translation>
    </message>
    <message>
        <source>— filtered: %1</source>
        <translation>— 已过滤：%1</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Sev.</source>
        <translation>严重度</translation>
    </message>
    <message>
        <source>Issue</source>
        <translation>问题</translation>
    </message>
    <message>
        <source> (outdated)</source>
        <translation>（已过时）</translation>
    </message>
    <message>
        <source>not answered</source>
        <translation>未回答</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Outdated by revision %1: its lines changed. It was made on %2:%3 of revision %4:</source>
        <translation>已被修订 %1 过时：其代码行已改变。它原本针对修订 %4 的 %2:%3：</translation>
    </message>
    <message>
        <source>Addressed? %1</source>
        <translation>已解决？%1</translation>
    </message>
    <message>
        <source>★ key bug</source>
        <translation>★ 关键缺陷</translation>
    </message>
</context>
<context>
    <name>rd::CommentsPanel</name>
    <message>
        <source>Search the comments' text</source>
        <translation>搜索评论文本</translation>
    </message>
    <message>
        <source>Sort</source>
        <translation>排序</translation>
    </message>
    <message>
        <source>By location</source>
        <translation>按位置</translation>
    </message>
    <message>
        <source>By severity</source>
        <translation>按严重度</translation>
    </message>
    <message>
        <source>By score (Q1+Q2+Q3)</source>
        <translation>按得分（Q1+Q2+Q3）</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Any verdict</source>
        <translation>任意结论</translation>
    </message>
    <message>
        <source>Judged</source>
        <translation>已评判</translation>
    </message>
    <message>
        <source>Judged or not</source>
        <translation>已评判或未评判</translation>
    </message>
    <message>
        <source>Not judged</source>
        <translation>未评判</translation>
    </message>
    <message>
        <source>Pipeline</source>
        <translation>流水线</translation>
    </message>
    <message>
        <source>Kept and filtered</source>
        <translation>保留和已过滤</translation>
    </message>
    <message>
        <source>Kept</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>Filtered (any stage)</source>
        <translation>已过滤（任意阶段）</translation>
    </message>
    <message>
        <source>Filtered by %1</source>
        <translation>被 %1 过滤</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Any category</source>
        <translation>任意类别</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>Any context level</source>
        <translation>任意上下文级别</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重度</translation>
    </message>
    <message>
        <source>Any severity</source>
        <translation>任意严重度</translation>
    </message>
    <message>
        <source>Severity ≥ %1</source>
        <translation>严重度 ≥ %1</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Author</source>
        <translation>作者</translation>
    </message>
    <message>
        <source>run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <source>Any file</source>
        <translation>任意文件</translation>
    </message>
    <message>
        <source>Any run</source>
        <translation>任意运行</translation>
    </message>
    <message>
        <source>Any model</source>
        <translation>任意模型</translation>
    </message>
    <message>
        <source>Any author</source>
        <translation>任意作者</translation>
    </message>
    <message>
        <source>%1 of %2 shown · %3 judged · %4 kept by the pipeline</source>
        <translation>显示 %1 / %2 · 已评判 %3 · 流水线保留 %4</translation>
    </message>
    <message>
        <source>Team</source>
        <translation>团队</translation>
    </message>
    <message>
        <source>Any team state</source>
        <translation>任意团队状态</translation>
    </message>
    <message>
        <source>Others' judgements shown</source>
        <translation>已显示他人的评判</translation>
    </message>
    <message>
        <source>Annotators agree</source>
        <translation>标注者一致</translation>
    </message>
    <message>
        <source>Annotators disagree</source>
        <translation>标注者有分歧</translation>
    </message>
    <message>
        <source>Others judged, you not yet</source>
        <translation>他人已评判、你尚未评判</translation>
    </message>
    <message>
        <source>Revision</source>
        <translation>修订</translation>
    </message>
    <message>
        <source>Current and outdated</source>
        <translation>当前的与已过时的</translation>
    </message>
    <message>
        <source>On the current code</source>
        <translation>位于当前代码上</translation>
    </message>
    <message>
        <source>Outdated</source>
        <translation>已过时</translation>
    </message>
    <message>
        <source>Addressed? (outdated by the newest revision)</source>
        <translation>已解决？（被最新修订过时）</translation>
    </message>
    <message>
        <source>Addressed</source>
        <translation>已解决</translation>
    </message>
    <message>
        <source>Not Addressed</source>
        <translation>未解决</translation>
    </message>
    <message>
        <source>Revision %1 came after this comment and left its lines as they were.</source>
        <translation>修订 %1 在此评论之后提交，且未改动它所在的行。</translation>
    </message>
    <message>
        <source>Addressed? %1</source>
        <translation>已解决？%1</translation>
    </message>
    <message>
        <source>not answered</source>
        <translation>未回答</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
</context>
<context>
    <name>rd::CompareCharts</name>
    <message>
        <source>Precision</source>
        <translation>精确率</translation>
    </message>
    <message>
        <source>Recall</source>
        <translation>召回率</translation>
    </message>
    <message>
        <source>F1</source>
        <translation>F1</translation>
    </message>
    <message>
        <source>F%1</source>
        <translation>F%1</translation>
    </message>
    <message>
        <source>KBI</source>
        <translation>KBI</translation>
    </message>
    <message>
        <source>FAR1</source>
        <translation>FAR1</translation>
    </message>
    <message>
        <source>CPI1</source>
        <translation>CPI1</translation>
    </message>
    <message>
        <source>%1 per reviewer with its %2 % interval</source>
        <translation>各评审者的 %1 及其 %2% 区间</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%), judge %2, %n merge request(s)</source>
        <translation><numerusform>%1（%），评判者 %2，%n 个合并请求</numerusform></translation>
    </message>
    <message>
        <source>point values</source>
        <translation>点估计值</translation>
    </message>
    <message>
        <source>%1: %2 %3 (%4 of %5 resamples)</source>
        <translation>%1：%2 %3（%5 次重抽样中的 %4 次）</translation>
    </message>
    <message>
        <source>Precision against recall (judge %1), each with its %2 % interval</source>
        <translation>精确率对召回率（评判者 %1），各带 %2% 区间</translation>
    </message>
    <message>
        <source>Recall (%)</source>
        <translation>召回率（%）</translation>
    </message>
    <message>
        <source>Precision (%)</source>
        <translation>精确率（%）</translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <source>%1: precision %2, recall %3</source>
        <translation>%1：精确率 %2，召回率 %3</translation>
    </message>
    <message>
        <source>No reviewer of judge %1 has a cost: there are no prices in the run configurations. A role's price is "price": {"input_per_mtok": …, "output_per_mtok": …} in US dollars per million tokens.</source>
        <translation>评判者 %1 下没有评审者有成本：运行配置中没有价格。角色的价格写作 "price": {"input_per_mtok": …, "output_per_mtok": …}，单位为每百万 token 美元。</translation>
    </message>
    <message>
        <source>No reviewer has accepted findings: people have given no final verdict on their comments.</source>
        <translation>没有评审者有被接受的发现：人工尚未对其评论给出最终结论。</translation>
    </message>
    <message>
        <source>%1 of %2 reviewers have a cost and %3 have accepted findings, but none has both.</source>
        <translation>%2 个评审者中有 %1 个有成本、%3 个有被接受的发现，但没有一个两者兼有。</translation>
    </message>
    <message>
        <source>The reviewers here are a benchmark's tools, which come without token counts or prices.</source>
        <translation>这里的评审者是基准中的工具，没有 token 计数和价格。</translation>
    </message>
    <message>
        <source>Cost against accepted findings (judge %1): the Pareto front joins the reviewers no other beats on both</source>
        <translation>成本对被接受的发现（评判者 %1）：帕累托前沿连接两方面都不被他者超越的评审者</translation>
    </message>
    <message>
        <source>Cost (USD)</source>
        <translation>成本（美元）</translation>
    </message>
    <message>
        <source>Accepted findings</source>
        <translation>被接受的发现</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <source>%1: %2 USD, %3 accepted, %4 USD per accepted finding; on the Pareto front</source>
        <translation>%1：%2 美元，接受 %3 条，每条被接受的发现 %4 美元；位于帕累托前沿</translation>
    </message>
    <message>
        <source>%1: %2 USD, %3 accepted, %4 USD per accepted finding</source>
        <translation>%1：%2 美元，接受 %3 条，每条被接受的发现 %4 美元</translation>
    </message>
</context>
<context>
    <name>rd::CompareView</name>
    <message>
        <source>Compare Reviewers</source>
        <translation>比较评审者</translation>
    </message>
    <message>
        <source>Whose decisions count: people's final verdicts on the workspace's runs, or a benchmark's judge</source>
        <translation>以谁的判定为准：人工对工作区运行的最终结论，或基准的评判者</translation>
    </message>
    <message>
        <source>The figure the interval chart and the differences show</source>
        <translation>区间图和差异表显示的指标</translation>
    </message>
    <message>
        <source>Bootstrap resamples of the merge requests; more give steadier interval ends</source>
        <translation>对合并请求的自助重抽样次数；越多，区间端点越稳定</translation>
    </message>
    <message>
        <source>&amp;Judge:</source>
        <translation>评判者(&amp;J)：</translation>
    </message>
    <message>
        <source>&amp;Figure:</source>
        <translation>指标(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;Resamples:</source>
        <translation>重抽样(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation>种子(&amp;S)：</translation>
    </message>
    <message>
        <source>Merge requests with the labels:</source>
        <translation>带有以下标签的合并请求：</translation>
    </message>
    <message>
        <source>A merge request passes when it has, for every label with values checked, one of them (as --mr-filter)</source>
        <translation>对每个勾选了取值的标签，合并请求具有其中之一时即通过（同 --mr-filter）</translation>
    </message>
    <message>
        <source>&amp;All Merge Requests</source>
        <translation>全部合并请求(&amp;A)</translation>
    </message>
    <message>
        <source>Judge A</source>
        <translation>评判者 A</translation>
    </message>
    <message>
        <source>Judge B</source>
        <translation>评判者 B</translation>
    </message>
    <message>
        <source>Items</source>
        <translation>条目</translation>
    </message>
    <message>
        <source>Merge requests</source>
        <translation>合并请求</translation>
    </message>
    <message>
        <source>Cohen's kappa [interval]</source>
        <translation>Cohen's kappa [区间]</translation>
    </message>
    <message>
        <source>Agreement (%)</source>
        <translation>一致率（%）</translation>
    </message>
    <message>
        <source>(merge request, reviewer, reference) both judged: was the reference found?</source>
        <translation>双方都评判过的（合并请求，评审者，参考）：该参考是否被发现？</translation>
    </message>
    <message>
        <source>Leaderboard</source>
        <translation>排行榜</translation>
    </message>
    <message>
        <source>Precision and Recall</source>
        <translation>精确率与召回率</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>Differences</source>
        <translation>差异</translation>
    </message>
    <message>
        <source>Judges</source>
        <translation>评判者</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message numerus="yes">
        <source>%n merge request(s) labelled %1=%2</source>
        <translation><numerusform>%n 个合并请求带有标签 %1=%2</numerusform></translation>
    </message>
    <message>
        <source>No merge request has labels.</source>
        <translation>没有合并请求带有标签。</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n chosen)</source>
        <translation><numerusform>%1（已选 %n 个）</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>All %n merge request(s) are compared.</source>
        <translation><numerusform>比较全部 %n 个合并请求。</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n merge request(s) have the labels chosen.</source>
        <translation><numerusform>%n 个合并请求中有 %1 个带有所选标签。</numerusform></translation>
    </message>
    <message>
        <source>No merge request has all the labels chosen: choose another value, or fewer labels.</source>
        <translation>没有合并请求带有全部所选标签：请选择其他取值或减少标签。</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>Computing… %1 of %2 resamples</source>
        <translation>正在计算… %2 次重抽样中已完成 %1 次</translation>
    </message>
    <message>
        <source>The reviewers could not be compared: %1</source>
        <translation>无法比较评审者：%1</translation>
    </message>
    <message>
        <source>people (final verdicts)</source>
        <translation>人工（最终结论）</translation>
    </message>
    <message numerus="yes">
        <source>%n judge(s) compared.</source>
        <translation><numerusform>已比较 %n 个评判者。</numerusform></translation>
    </message>
    <message>
        <source>all merge requests</source>
        <translation>全部合并请求</translation>
    </message>
    <message numerus="yes">
        <source>Judge %1: %n merge request(s) (%2), %3 references.</source>
        <translation><numerusform>评判者 %1：%n 个合并请求（%2），%3 条参考。</numerusform></translation>
    </message>
    <message>
        <source>No chart of cost against accepted findings</source>
        <translation>没有成本对被接受发现的图表</translation>
    </message>
    <message>
        <source>Audit</source>
        <translation>审核</translation>
    </message>
    <message>
        <source>The seed of the resamples, 0 to 18446744073709551615 as --seed takes it: the same seed gives the same intervals</source>
        <translation>重抽样的种子，0 到 18446744073709551615，与 --seed 相同：相同的种子给出相同的区间</translation>
    </message>
    <message>
        <source>Figures in percent, each with its %1 % bootstrap interval over merge requests (studentized for precision, recall and F-beta, percentile for the others): %2 resamples, seed %3, the same resamples for every reviewer.</source>
        <translation>指标以百分比表示，各带对合并请求的 %1% 自助区间（精确率、召回率和 F-beta 为学生化区间，其余为百分位区间）：%2 次重抽样，种子 %3，所有评审者使用相同的重抽样。</translation>
    </message>
</context>
<context>
    <name>rd::DecisionKeys</name>
    <message>
        <source>Undo (Ctrl+Z)</source>
        <translation>撤销 (Ctrl+Z)</translation>
    </message>
</context>
<context>
    <name>rd::DiffPane</name>
    <message>
        <source>Preparing the diff…</source>
        <translation>正在准备差异…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Cancelled. Select the file again to retry.</source>
        <translation>已取消。再次选择该文件即可重试。</translation>
    </message>
    <message>
        <source>added</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>renamed from %1 (%2% similar)</source>
        <translation>由 %1 重命名（相似度 %2%）</translation>
    </message>
    <message>
        <source>copied from %1 (%2% similar)</source>
        <translation>由 %1 复制（相似度 %2%）</translation>
    </message>
    <message>
        <source>type changed</source>
        <translation>类型已变更</translation>
    </message>
    <message>
        <source>mode %1 → %2</source>
        <translation>权限 %1 → %2</translation>
    </message>
    <message>
        <source>submodule</source>
        <translation>子模块</translation>
    </message>
    <message>
        <source>binary</source>
        <translation>二进制</translation>
    </message>
    <message>
        <source>Select a file to see its changes.</source>
        <translation>选择一个文件以查看其变更。</translation>
    </message>
    <message>
        <source>Cannot show this file: %1</source>
        <translation>无法显示此文件：%1</translation>
    </message>
    <message>
        <source>Binary file not shown (%1 → %2).</source>
        <translation>二进制文件，不予显示（%1 → %2）。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>not UTF-8, shown as Latin-1</source>
        <translation>非 UTF-8，按 Latin-1 显示</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>This file cannot be shown: %1</source>
        <translation>无法显示此文件：%1</translation>
    </message>
</context>
<context>
    <name>rd::DiffView</name>
    <message numerus="yes">
        <source>Show %n more line(s) below the previous change</source>
        <translation><numerusform>在上一处变更下方再显示 %n 行</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Show %n more line(s) above the next change</source>
        <translation><numerusform>在下一处变更上方再显示 %n 行</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Show all %n unchanged line(s)</source>
        <translation><numerusform>显示全部 %n 行未变更内容</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>▼ %n more</source>
        <translation><numerusform>▼ 再显示 %n 行</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>⋯ %n unchanged line(s) ⋯</source>
        <translation><numerusform>⋯ %n 行未变更 ⋯</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>▲ %n more</source>
        <translation><numerusform>▲ 再显示 %n 行</numerusform></translation>
    </message>
    <message>
        <source>⊘ no newline at end</source>
        <translation>⊘ 文件末尾无换行</translation>
    </message>
    <message>
        <source>Unreviewed: no model saw %1 line %2.</source>
        <translation>未审阅：没有模型看到%1第 %2 行。</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>added</source>
        <translation>新增</translation>
    </message>
</context>
<context>
    <name>rd::DifferencesTable</name>
    <message>
        <source>Reviewer A</source>
        <translation>评审者 A</translation>
    </message>
    <message>
        <source>Reviewer B</source>
        <translation>评审者 B</translation>
    </message>
    <message>
        <source>Merge requests</source>
        <translation>合并请求</translation>
    </message>
    <message>
        <source>A − B (points) [interval]</source>
        <translation>A − B（百分点）[区间]</translation>
    </message>
    <message>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <source>Adjusted p</source>
        <translation>校正后 p</translation>
    </message>
    <message>
        <source>Resamples</source>
        <translation>重抽样次数</translation>
    </message>
    <message>
        <source>Merge requests both reviewed: the pair is computed on these only</source>
        <translation>两者都评审过的合并请求：该对仅基于这些计算</translation>
    </message>
    <message>
        <source>Two-sided bootstrap p-value of no difference, of this pair alone</source>
        <translation>“无差异”的双侧自助 p 值，仅针对这一对</translation>
    </message>
    <message>
        <source>Holm's step-down adjustment of the p-values of all the pairs of this judge on this figure: what tells a pair apart</source>
        <translation>对该评判者在该指标上所有配对的 p 值做 Holm 逐步下降校正：据此区分一对</translation>
    </message>
    <message>
        <source>Resamples in which both figures were defined</source>
        <translation>两个指标都有定义的重抽样次数</translation>
    </message>
    <message>
        <source>A − B, %1 (points) [interval]</source>
        <translation>A − B，%1（百分点）[区间]</translation>
    </message>
    <message numerus="yes">
        <source>too few (%n merge request(s))</source>
        <translation><numerusform>太少（%n 个合并请求）</numerusform></translation>
    </message>
    <message>
        <source>%1 − %2 = %3 points on the merge requests both reviewed; an interval and a p-value need %4 of them or more</source>
        <translation>在两者都评审过的合并请求上 %1 − %2 = %3 个百分点；区间和 p 值需要至少 %4 个</translation>
    </message>
    <message numerus="yes">
        <source>Bold: the pairs told apart at %1 %, their p-value adjusted by Holm's method over the %n pair(s) of this judge on %2 (adjusted p below %3). Each pair is computed on the merge requests both reviewers reviewed; fewer than %4 give no interval and no p-value.</source>
        <translation><numerusform>粗体：在 %1 % 水平下可区分的配对，其 p 值经 Holm 方法在该评判者于 %2 上的 %n 对中校正（校正后 p 低于 %3）。每一对仅基于两位评审者都评审过的合并请求计算；少于 %4 个则没有区间和 p 值。</numerusform></translation>
    </message>
    <message>
        <source>The difference of the figure, with its paired bootstrap interval (studentized for precision, recall and F-beta): both on the same resampled merge requests</source>
        <translation>指标之差及其配对自助区间（精确率、召回率和 F-beta 为学生化区间）：两者基于相同的重抽样合并请求</translation>
    </message>
</context>
<context>
    <name>rd::EvaluationCharts</name>
    <message>
        <source>Recall per category</source>
        <translation>各类别召回率</translation>
    </message>
    <message>
        <source>Recall per context level</source>
        <translation>各上下文层级召回率</translation>
    </message>
    <message>
        <source>Filter funnel: comments after each stage</source>
        <translation>过滤漏斗：各阶段后的评论数</translation>
    </message>
    <message>
        <source>Precision and recall over Q1/Q2 thresholds and k</source>
        <translation>不同 Q1/Q2 阈值与 k 下的精确率和召回率</translation>
    </message>
    <message>
        <source>settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>best</source>
        <translation>最佳</translation>
    </message>
    <message>
        <source>Recall (%)</source>
        <translation>召回率（%）</translation>
    </message>
    <message>
        <source>Precision (%)</source>
        <translation>精确率（%）</translation>
    </message>
</context>
<context>
    <name>rd::EvaluationWindow</name>
    <message>
        <source>Evaluate runs</source>
        <translation>评估运行</translation>
    </message>
    <message>
        <source> lines</source>
        <translation> 行</translation>
    </message>
    <message>
        <source>CPI1 (against references)</source>
        <translation>CPI1（对照参考问题）</translation>
    </message>
    <message>
        <source>F1 (against verdicts)</source>
        <translation>F1（对照评判结论）</translation>
    </message>
    <message>
        <source>References:</source>
        <translation>参考问题：</translation>
    </message>
    <message>
        <source>Line distance:</source>
        <translation>行距离：</translation>
    </message>
    <message>
        <source>Tune for:</source>
        <translation>调优目标：</translation>
    </message>
    <message>
        <source>Evaluate</source>
        <translation>评估</translation>
    </message>
    <message>
        <source>Runs:</source>
        <translation>运行：</translation>
    </message>
    <message>
        <source>Comments behind the selected figure:</source>
        <translation>所选数值背后的评论：</translation>
    </message>
    <message>
        <source>Run %1: %2 (%3)</source>
        <translation>运行 %1：%2（%3）</translation>
    </message>
    <message>
        <source>Check at least one run.</source>
        <translation>请至少勾选一次运行。</translation>
    </message>
    <message numerus="yes">
        <source>Evaluating %n run(s)…</source>
        <translation><numerusform>正在评估 %n 次运行…</numerusform></translation>
    </message>
    <message>
        <source>reference %1</source>
        <translation>参考问题 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) evaluated%1.</source>
        <translation><numerusform>已评估 %n 次运行%1。</numerusform></translation>
    </message>
    <message>
        <source> with semantic matching</source>
        <translation>（含语义匹配）</translation>
    </message>
    <message>
        <source>, line match</source>
        <translation>，行匹配</translation>
    </message>
    <message numerus="yes">
        <source>%n comment(s) behind this figure: click to list them</source>
        <translation><numerusform>此数值背后有 %n 条评论：点击列出</numerusform></translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <source>Export Markdown…</source>
        <translation>导出 Markdown…</translation>
    </message>
    <message>
        <source>Export LaTeX…</source>
        <translation>导出 LaTeX…</translation>
    </message>
    <message>
        <source>Export table</source>
        <translation>导出表格</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Write into a run configuration…</source>
        <translation>写入运行配置…</translation>
    </message>
    <message>
        <source>Q1 threshold</source>
        <translation>Q1 阈值</translation>
    </message>
    <message>
        <source>Q2 threshold</source>
        <translation>Q2 阈值</translation>
    </message>
    <message>
        <source>Top-k</source>
        <translation>Top-k</translation>
    </message>
    <message>
        <source>Kept</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精确率</translation>
    </message>
    <message>
        <source>Recall</source>
        <translation>召回率</translation>
    </message>
    <message>
        <source>F1</source>
        <translation>F1</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Best setting for %1: drop Q1 ≤ %2 or Q2 ≤ %3, keep the top %4 — precision %5, recall %6, F1 %7, CPI1 %8.</source>
        <translation>%1 的最佳设置：丢弃 Q1 ≤ %2 或 Q2 ≤ %3，保留前 %4 条——精确率 %5，召回率 %6，F1 %7，CPI1 %8。</translation>
    </message>
    <message>
        <source>No setting can be measured: judge some comments (accept or reject) or mark references first.</source>
        <translation>没有可度量的设置：请先评判一些评论（接受或拒绝）或标记参考问题。</translation>
    </message>
    <message>
        <source>Run configuration</source>
        <translation>运行配置</translation>
    </message>
    <message>
        <source>Run configuration (*.json)</source>
        <translation>运行配置 (*.json)</translation>
    </message>
    <message>
        <source>Wrote the setting into %1.</source>
        <translation>已将设置写入 %1。</translation>
    </message>
    <message>
        <source>Threshold tuning</source>
        <translation>阈值调优</translation>
    </message>
    <message>
        <source>No comments behind this figure.</source>
        <translation>此数值背后没有评论。</translation>
    </message>
    <message>
        <source>Mark as reference issue</source>
        <translation>标记为参考问题</translation>
    </message>
    <message>
        <source>Unmark as reference issue</source>
        <translation>取消标记参考问题</translation>
    </message>
    <message>
        <source>Link to the reference it finds…</source>
        <translation>链接到它发现的参考问题…</translation>
    </message>
    <message>
        <source>Link to reference</source>
        <translation>链接到参考问题</translation>
    </message>
    <message>
        <source>This merge request has no reference issues.</source>
        <translation>此合并请求没有参考问题。</translation>
    </message>
    <message>
        <source>The reference this comment finds:</source>
        <translation>此评论发现的参考问题：</translation>
    </message>
    <message>
        <source>Stored; evaluate again to count it.</source>
        <translation>已保存；再次评估后计入。</translation>
    </message>
    <message>
        <source>No table %1 to export.</source>
        <translation>没有可导出的表格 %1。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>There is no best setting yet.</source>
        <translation>尚无最佳设置。</translation>
    </message>
    <message>
        <source>Line match</source>
        <translation>行匹配</translation>
    </message>
    <message>
        <source>Line and semantic match (LLM judge)</source>
        <translation>行匹配与语义匹配（LLM 评判）</translation>
    </message>
    <message>
        <source>run configuration naming the judge</source>
        <translation>指定评判模型的运行配置</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Judge answers per pair; the majority decides.</source>
        <translation>每对评论的评判次数；多数决定。</translation>
    </message>
    <message>
        <source>Judge's run configuration</source>
        <translation>评判模型的运行配置</translation>
    </message>
    <message>
        <source>Matching:</source>
        <translation>匹配：</translation>
    </message>
    <message>
        <source>Judge:</source>
        <translation>评判：</translation>
    </message>
    <message>
        <source>Votes:</source>
        <translation>投票次数：</translation>
    </message>
    <message>
        <source>Save the judge's answers…</source>
        <translation>保存评判的回答…</translation>
    </message>
    <message>
        <source>Save the judge's answers</source>
        <translation>保存评判的回答</translation>
    </message>
    <message>
        <source>Recording (*.json)</source>
        <translation>录制文件 (*.json)</translation>
    </message>
    <message>
        <source>The judge has not been asked yet: evaluate with semantic matching first.</source>
        <translation>尚未询问评判：请先使用语义匹配进行评估。</translation>
    </message>
    <message>
        <source>Semantic matching needs a run configuration naming the judge (its validator, else its reviewer).</source>
        <translation>语义匹配需要一个指定评判模型的运行配置（使用其验证者，否则使用其审查者）。</translation>
    </message>
    <message numerus="yes">
        <source>Evaluating %n run(s), asking the judge…</source>
        <translation><numerusform>正在评估 %n 次运行，正在询问评判…</numerusform></translation>
    </message>
    <message>
        <source>%1 of %2 questions to the semantic judge failed; no figures shown. The first: %3</source>
        <translation>向语义评判提出的 %2 个问题中有 %1 个失败；不显示任何数据。第一个：%3</translation>
    </message>
    <message>
        <source>The live set is rebuilt from the workspace at each evaluation; a snapshot (reviewdesk-cli references freeze) keeps the references as they were when it was frozen.</source>
        <translation>实时集合在每次评估时从工作区重新构建；快照（reviewdesk-cli references freeze）保留冻结时的参考问题。</translation>
    </message>
    <message>
        <source>All references (live)</source>
        <translation>全部参考问题（实时）</translation>
    </message>
    <message>
        <source>Marked references, AACR-Bench (live)</source>
        <translation>标记的参考问题，AACR-Bench（实时）</translation>
    </message>
    <message>
        <source>Key bugs flagged by annotators (live)</source>
        <translation>标注者标记的关键缺陷（实时）</translation>
    </message>
    <message>
        <source>Snapshot: %1</source>
        <translation>快照：%1</translation>
    </message>
    <message>
        <source>Set %1, frozen by %2 on %3; fingerprint %4</source>
        <translation>集合 %1，由 %2 于 %3 冻结；指纹 %4</translation>
    </message>
    <message>
        <source>Imported ground truth only (live)</source>
        <translation>仅导入的基准真值（实时）</translation>
    </message>
    <message>
        <source>Imported ground truth and what triage added (live)</source>
        <translation>导入的基准真值及分诊新增的参考（实时）</translation>
    </message>
    <message>
        <source>Comment</source>
        <translation>评论</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>队列</translation>
    </message>
    <message>
        <source>Place</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>Merge request</source>
        <translation>合并请求</translation>
    </message>
    <message>
        <source>Run or reviewer</source>
        <translation>运行或审查者</translation>
    </message>
    <message>
        <source>not queued</source>
        <translation>未入队</translation>
    </message>
    <message>
        <source>open</source>
        <translation>待答</translation>
    </message>
    <message>
        <source>agreed: yes (a reference)</source>
        <translation>一致：是（成为参考）</translation>
    </message>
    <message>
        <source>agreed: no</source>
        <translation>一致：否</translation>
    </message>
    <message>
        <source>disagreement: to adjudicate</source>
        <translation>有分歧：待裁决</translation>
    </message>
    <message>
        <source>adjudicated: yes (a reference)</source>
        <translation>已裁决：是（成为参考）</translation>
    </message>
    <message>
        <source>adjudicated: no</source>
        <translation>已裁决：否</translation>
    </message>
    <message>
        <source>adjudicated: unsure</source>
        <translation>已裁决：不确定</translation>
    </message>
    <message>
        <source>run %1: %2</source>
        <translation>运行 %1：%2</translation>
    </message>
    <message>
        <source>%1, unmatched by %2</source>
        <translation>%1，未被 %2 匹配</translation>
    </message>
    <message>
        <source>Triage queue</source>
        <translation>分诊队列</translation>
    </message>
    <message numerus="yes">
        <source>%n comment(s) judged false positive(s) against the imported ground truth (the set 'original'). Each may be a real issue the ground truth misses: Queue for Triage puts the rows chosen (all, when none is) to two or more annotators, blind, who answer with reviewdesk-cli triage answer; an agreed or adjudicated yes makes it a reference of the set 'triaged', and the imported ground truth stays as it is.</source>
        <translation><numerusform>%n 条评论相对导入的基准真值（集合 'original'）被判为误报。每条都可能是基准真值遗漏的真实问题：“加入分诊队列”将所选的行（未选时为全部）交给两名或更多标注者盲审，他们用 reviewdesk-cli triage answer 作答；一致或裁决为“是”的评论成为集合 'triaged' 的参考，导入的基准真值保持不变。</numerusform></translation>
    </message>
    <message>
        <source>&amp;Queue for Triage…</source>
        <translation>加入分诊队列(&amp;Q)…</translation>
    </message>
    <message>
        <source>Queue for Triage</source>
        <translation>加入分诊队列</translation>
    </message>
    <message numerus="yes">
        <source>Put %n comment(s) to these annotators, blind (two or more, separated by commas; empty: anyone, and two answers agree):</source>
        <translation><numerusform>将 %n 条评论盲审交给这些标注者（两名或更多，以逗号分隔；留空：任何人，两个回答一致即可）：</numerusform></translation>
    </message>
    <message>
        <source>comment %1 is not one of the triage candidates shown</source>
        <translation>评论 %1 不在所示的分诊候选中</translation>
    </message>
    <message>
        <source>anyone may answer</source>
        <translation>任何人都可作答</translation>
    </message>
    <message>
        <source>assigned to %1</source>
        <translation>分配给 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n comment(s) queued, %1 in the queue already; %2.</source>
        <translation><numerusform>%n 条评论已加入队列，%1 条已在队列中；%2。</numerusform></translation>
    </message>
    <message>
        <source>&amp;Table:</source>
        <translation>表格(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>rd::ExchangeActions</name>
    <message>
        <source>&amp;Import…</source>
        <translation>导入(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>Open from &amp;Workspace…</source>
        <translation>从工作区打开(&amp;W)…</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>Open or make a workspace first (File ▸ New Workspace).</source>
        <translation>请先打开或新建工作区（文件 ▸ 新建工作区）。</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Open a workspace first (File ▸ Open Workspace).</source>
        <translation>请先打开工作区（文件 ▸ 打开工作区）。</translation>
    </message>
    <message>
        <source>Open from Workspace</source>
        <translation>从工作区打开</translation>
    </message>
    <message>
        <source>This workspace has no merge requests yet.</source>
        <translation>此工作区还没有合并请求。</translation>
    </message>
    <message>
        <source>(without code)</source>
        <translation>（没有代码）</translation>
    </message>
    <message>
        <source>Merge request:</source>
        <translation>合并请求：</translation>
    </message>
    <message>
        <source>Cannot Open Merge Request</source>
        <translation>无法打开合并请求</translation>
    </message>
    <message>
        <source>This merge request was imported without its code (%1): no clone of the repository was linked, or the clone lacks its commits. Its comments are listed below and in the Comments panel, judged with the same keys as a diff, and count for the metrics; Fetch Code… links it to a local clone that holds its commits and opens the diff.</source>
        <translation>此合并请求在没有代码的情况下导入（%1）：没有关联仓库克隆，或克隆中缺少其提交。其评论列在下方和评论面板中，用与差异相同的按键评判，并计入指标；“获取代码…”可将其关联到包含这些提交的本地克隆并打开差异。</translation>
    </message>
</context>
<context>
    <name>rd::ExportDialog</name>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
    <message>
        <source>Only the open merge request</source>
        <translation>仅当前打开的合并请求</translation>
    </message>
    <message>
        <source>&amp;Scope:</source>
        <translation>范围(&amp;S)：</translation>
    </message>
    <message>
        <source>CQS Algorithm 1: two comments with the same tag form a pair when their scores (0-10) differ by at least this much</source>
        <translation>CQS 算法 1：标签相同的两条评论，当其得分（0-10）相差至少该值时组成一对</translation>
    </message>
    <message>
        <source>Score &amp;gap δ:</source>
        <translation>得分差 δ(&amp;G)：</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Export To</source>
        <translation>导出到</translation>
    </message>
    <message>
        <source>%1 files (*.%2);;All files (*)</source>
        <translation>%1 文件 (*.%2);;所有文件 (*)</translation>
    </message>
    <message>
        <source>&amp;Write to:</source>
        <translation>写入到(&amp;W)：</translation>
    </message>
    <message>
        <source>Exports never contain API keys or the paths of this machine's folders.</source>
        <translation>导出内容绝不包含 API 密钥或本机文件夹的路径。</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>Cannot Export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <source>The export was not written.</source>
        <translation>未写入导出文件。</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <source>The judge's scores where there are some, else people's</source>
        <translation>有评审模型分数时用其分数，否则用人工评判</translation>
    </message>
    <message>
        <source>The LLM judge's scores (CQS Algorithm 1)</source>
        <translation>LLM 评审模型的分数（CQS 算法 1）</translation>
    </message>
    <message>
        <source>People's scores and verdicts</source>
        <translation>人工评分与结论</translation>
    </message>
    <message>
        <source>Both</source>
        <translation>两者</translation>
    </message>
    <message>
        <source>&amp;Pairs from:</source>
        <translation>组对依据(&amp;P)：</translation>
    </message>
</context>
<context>
    <name>rd::FileListPanel</name>
    <message>
        <source>Filter files: name, status, is:unviewed</source>
        <translation>筛选文件：名称、状态、is:unviewed</translation>
    </message>
</context>
<context>
    <name>rd::FileTreeModel</name>
    <message>
        <source>binary</source>
        <translation>二进制</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Changes</source>
        <translation>变更</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
</context>
<context>
    <name>rd::FindBar</name>
    <message>
        <source>Find:</source>
        <translation>查找：</translation>
    </message>
    <message>
        <source>Previous match (Shift+F3)</source>
        <translation>上一个匹配（Shift+F3）</translation>
    </message>
    <message>
        <source>Next match (F3)</source>
        <translation>下一个匹配（F3）</translation>
    </message>
    <message>
        <source>Close (Esc)</source>
        <translation>关闭（Esc）</translation>
    </message>
    <message>
        <source>No more matches</source>
        <translation>没有更多匹配</translation>
    </message>
</context>
<context>
    <name>rd::ImportDialog</name>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>AACR-Bench samples (positive_samples.json, negative_samples.json)</source>
        <translation>AACR-Bench 样本（positive_samples.json、negative_samples.json）</translation>
    </message>
    <message>
        <source>ReviewDesk run (reviewdesk-cli review --out)</source>
        <translation>ReviewDesk 运行（reviewdesk-cli review --out）</translation>
    </message>
    <message>
        <source>&amp;Source:</source>
        <translation>来源(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>文件(&amp;F)：</translation>
    </message>
    <message>
        <source>Import File</source>
        <translation>导入文件</translation>
    </message>
    <message>
        <source>JSON files (*.json);;All files (*)</source>
        <translation>JSON 文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Ground truth (reference issues)</source>
        <translation>真实标准（参考问题）</translation>
    </message>
    <message>
        <source>Candidates (to be judged)</source>
        <translation>候选（待判定）</translation>
    </message>
    <message>
        <source>Labelled (positive = accepted, negative = rejected)</source>
        <translation>已标注（正样本 = 接受，负样本 = 拒绝）</translation>
    </message>
    <message>
        <source>Import &amp;as:</source>
        <translation>导入为(&amp;A)：</translation>
    </message>
    <message>
        <source>From the file's name</source>
        <translation>根据文件名</translation>
    </message>
    <message>
        <source>Positive samples</source>
        <translation>正样本</translation>
    </message>
    <message>
        <source>Negative samples</source>
        <translation>负样本</translation>
    </message>
    <message>
        <source>Sa&amp;mples:</source>
        <translation>样本(&amp;M)：</translation>
    </message>
    <message>
        <source>Labels by &amp;annotator:</source>
        <translation>标注者(&amp;A)：</translation>
    </message>
    <message>
        <source>optional: JSON from repository URL to a local clone</source>
        <translation>可选：从仓库 URL 到本地克隆的 JSON</translation>
    </message>
    <message>
        <source>&amp;Repository map:</source>
        <translation>仓库映射(&amp;R)：</translation>
    </message>
    <message>
        <source>Repository Map</source>
        <translation>仓库映射</translation>
    </message>
    <message>
        <source>Re&amp;pository:</source>
        <translation>仓库(&amp;P)：</translation>
    </message>
    <message>
        <source>Repository</source>
        <translation>仓库</translation>
    </message>
    <message>
        <source>the run's own</source>
        <translation>运行自身的</translation>
    </message>
    <message>
        <source>&amp;Base:</source>
        <translation>基准(&amp;B)：</translation>
    </message>
    <message>
        <source>&amp;Head:</source>
        <translation>头部(&amp;H)：</translation>
    </message>
    <message>
        <source>A file is imported whole or not at all.</source>
        <translation>文件要么整体导入，要么完全不导入。</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>导入(&amp;I)</translation>
    </message>
    <message>
        <source>choose a file to import</source>
        <translation>请选择要导入的文件</translation>
    </message>
    <message>
        <source>Cannot Import</source>
        <translation>无法导入</translation>
    </message>
    <message>
        <source>Nothing was imported; the workspace is unchanged.</source>
        <translation>未导入任何内容；工作区保持不变。</translation>
    </message>
    <message numerus="yes">
        <source>%n pull request(s) (%1 new, %2 without code)</source>
        <translation><numerusform>%n 个拉取请求（%1 个新增，%2 个没有代码）</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n comment(s)</source>
        <translation><numerusform>%n 条评论</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n judgement(s)</source>
        <translation><numerusform>%n 条判定</numerusform></translation>
    </message>
    <message>
        <source>Imported</source>
        <translation>已导入</translation>
    </message>
</context>
<context>
    <name>rd::JudgeAuditList</name>
    <message>
        <source>Judges disagree</source>
        <translation>评审模型意见不一</translation>
    </message>
    <message>
        <source>All matched</source>
        <translation>全部匹配</translation>
    </message>
    <message>
        <source>Near miss</source>
        <translation>险些匹配</translation>
    </message>
    <message>
        <source>Decided before</source>
        <translation>此前已决定</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Same issue</source>
        <translation>同一问题</translation>
    </message>
    <message>
        <source>Different</source>
        <translation>不同问题</translation>
    </message>
    <message>
        <source>Unsure</source>
        <translation>不确定</translation>
    </message>
    <message>
        <source>A: same issue · R: different · U: unsure · Shift+A / Shift+R: decide and go on · Ctrl+Z: undo · Up/Down: choose a pair</source>
        <translation>A：同一问题 · R：不同问题 · U：不确定 · Shift+A / Shift+R：决定并继续 · Ctrl+Z：撤销 · 上/下：选择一对</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Merge request</source>
        <translation>合并请求</translation>
    </message>
    <message>
        <source>Golden comment</source>
        <translation>标准评论</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>候选评论</translation>
    </message>
    <message>
        <source>Your decision</source>
        <translation>你的决定</translation>
    </message>
    <message>
        <source>Same issue (A)</source>
        <translation>同一问题 (A)</translation>
    </message>
    <message>
        <source>Different (R)</source>
        <translation>不同问题 (R)</translation>
    </message>
    <message>
        <source>Unsure (U)</source>
        <translation>不确定 (U)</translation>
    </message>
    <message>
        <source>not matched (the candidate matched nothing)</source>
        <translation>未匹配（该候选评论未匹配任何标准评论）</translation>
    </message>
    <message>
        <source>not matched (the candidate is %1 elsewhere)</source>
        <translation>未匹配（该候选评论在别处为 %1）</translation>
    </message>
    <message>
        <source>matched, confidence %1</source>
        <translation>已匹配，置信度 %1</translation>
    </message>
    <message>
        <source>matched</source>
        <translation>已匹配</translation>
    </message>
    <message>
        <source>not matched</source>
        <translation>未匹配</translation>
    </message>
    <message>
        <source>did not judge</source>
        <translation>未评判</translation>
    </message>
    <message>
        <source>Nothing to audit: the judges agree everywhere and no agreement or near miss was drawn.</source>
        <translation>无需审核：评审模型处处一致，且未抽取一致项或险些匹配项。</translation>
    </message>
    <message>
        <source>Pair %1 of %2 · %3 decided by %4 · %5 disagreements, %6 sampled agreements and near misses</source>
        <translation>第 %1 对，共 %2 对 · %4 已决定 %3 对 · %5 处分歧，抽样 %6 个一致项和险些匹配项</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Golden comment&lt;/h3&gt;&lt;p&gt;&lt;i&gt;%1&lt;/i&gt;%2&lt;/p&gt;&lt;p&gt;%3&lt;/p&gt;</source>
        <translation>&lt;h3&gt;标准评论&lt;/h3&gt;&lt;p&gt;&lt;i&gt;%1&lt;/i&gt;%2&lt;/p&gt;&lt;p&gt;%3&lt;/p&gt;</translation>
    </message>
    <message>
        <source> · severity %1</source>
        <translation> · 严重程度 %1</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Candidate&lt;/h3&gt;&lt;p&gt;&lt;i&gt;%1&lt;/i&gt;%2&lt;/p&gt;&lt;p&gt;%3&lt;/p&gt;&lt;p&gt;&lt;b&gt;Your decision:&lt;/b&gt; %4&lt;/p&gt;</source>
        <translation>&lt;h3&gt;候选评论&lt;/h3&gt;&lt;p&gt;&lt;i&gt;%1&lt;/i&gt;%2&lt;/p&gt;&lt;p&gt;%3&lt;/p&gt;&lt;p&gt;&lt;b&gt;你的决定：&lt;/b&gt;%4&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Did not judge this candidate.&lt;/p&gt;</source>
        <translation>&lt;p&gt;未评判此候选评论。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Not stored: %1</source>
        <translation>未保存：%1</translation>
    </message>
</context>
<context>
    <name>rd::JudgeEvaluationWindow</name>
    <message>
        <source>Evaluate Judge</source>
        <translation>评估评审模型</translation>
    </message>
    <message>
        <source>Run configuration naming the judge (roles.judge, else the validator or reviewer)</source>
        <translation>指定评审模型的运行配置（roles.judge，否则为验证者或审查者）</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Judge configuration</source>
        <translation>评审模型配置</translation>
    </message>
    <message>
        <source>Run configuration (*.json)</source>
        <translation>运行配置 (*.json)</translation>
    </message>
    <message>
        <source>every labelled comment</source>
        <translation>所有已标注的评论</translation>
    </message>
    <message>
        <source> per class</source>
        <translation> 每类</translation>
    </message>
    <message>
        <source>Judge:</source>
        <translation>评判：</translation>
    </message>
    <message>
        <source>Compare with:</source>
        <translation>对比对象：</translation>
    </message>
    <message>
        <source>Sample:</source>
        <translation>样本：</translation>
    </message>
    <message>
        <source>Repeats:</source>
        <translation>重复次数：</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>种子：</translation>
    </message>
    <message>
        <source>Valid from score:</source>
        <translation>有效的最低分：</translation>
    </message>
    <message>
        <source>Evaluate</source>
        <translation>评估</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Earlier:</source>
        <translation>历史评估：</translation>
    </message>
    <message>
        <source>Comment</source>
        <translation>评论</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Judge (score)</source>
        <translation>评审模型（分数）</translation>
    </message>
    <message>
        <source>Judge's reason</source>
        <translation>评审模型的理由</translation>
    </message>
    <message>
        <source>Double-click a comment to open it in the diff.</source>
        <translation>双击评论可在差异视图中打开。</translation>
    </message>
    <message>
        <source>Category or tag</source>
        <translation>类别或标签</translation>
    </message>
    <message>
        <source>Answers</source>
        <translation>回答数</translation>
    </message>
    <message>
        <source>Correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>Accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <source>Judge score</source>
        <translation>评审分数</translation>
    </message>
    <message>
        <source>Accepted by people</source>
        <translation>人工接受</translation>
    </message>
    <message>
        <source>Share accepted</source>
        <translation>接受比例</translation>
    </message>
    <message>
        <source>Disagreements</source>
        <translation>分歧</translation>
    </message>
    <message>
        <source>Per category and tag</source>
        <translation>按类别和标签</translation>
    </message>
    <message>
        <source>Calibration</source>
        <translation>校准</translation>
    </message>
    <message>
        <source>The team's final labels</source>
        <translation>团队的最终标签</translation>
    </message>
    <message>
        <source>%1's labels</source>
        <translation>%1 的标签</translation>
    </message>
    <message>
        <source>(choose)</source>
        <translation>（请选择）</translation>
    </message>
    <message>
        <source>#%1 %2, %3, %4 items, %5</source>
        <translation>#%1 %2，%3，%4 项，%5</translation>
    </message>
    <message>
        <source>Choose the judge's run configuration first.</source>
        <translation>请先选择评审模型的运行配置。</translation>
    </message>
    <message numerus="yes">
        <source>Asking the judge about %n comment(s)…</source>
        <translation><numerusform>正在向评审模型询问 %n 条评论…</numerusform></translation>
    </message>
    <message>
        <source>Cancelled: nothing was kept.</source>
        <translation>已取消：未保存任何内容。</translation>
    </message>
    <message>
        <source>%1 of %2 requests to the judge got no answer, so no figures are shown. The first: %3</source>
        <translation>发往评审模型的 %2 个请求中有 %1 个没有答复，因此不显示任何数字。第一个：%3</translation>
    </message>
    <message>
        <source>The evaluation could not be kept in the workspace: %1</source>
        <translation>无法将评估保存到工作区：%1</translation>
    </message>
    <message>
        <source>Judge evaluation %1 in this workspace has no readable report.</source>
        <translation>此工作区中的评审评估 %1 没有可读的报告。</translation>
    </message>
    <message>
        <source>undefined (%1)</source>
        <translation>未定义（%1）</translation>
    </message>
    <message>
        <source>Judge: valid — people rejected</source>
        <translation>评审模型：有效 — 人工拒绝</translation>
    </message>
    <message>
        <source>Judge: invalid — people accepted</source>
        <translation>评审模型：无效 — 人工接受</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>有效</translation>
    </message>
    <message>
        <source>invalid</source>
        <translation>无效</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>tag</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>CQS issue judge: valid or not, score 0–10 (App. A)</source>
        <translation>CQS 问题评审：是否有效，评分 0–10（附录 A）</translation>
    </message>
    <message>
        <source>AACR-Bench semantic judge: says what a reference issue says (Fig. 9)</source>
        <translation>AACR-Bench 语义评审：是否与参考问题表达相同（图 9）</translation>
    </message>
    <message>
        <source>Asked as:</source>
        <translation>询问方式：</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; on %2 comments (%3 accepted, %4 rejected by people, labels: %5), asked %6×: accuracy &lt;b&gt;%7&lt;/b&gt; (spread %8), balanced accuracy &lt;b&gt;%9&lt;/b&gt;, Cohen's kappa &lt;b&gt;%10&lt;/b&gt;, flip rate &lt;b&gt;%11&lt;/b&gt;, unreadable answers %12.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 评估了 %2 条评论（人工接受 %3 条、拒绝 %4 条，标签：%5），每条询问 %6 次：准确率 &lt;b&gt;%7&lt;/b&gt;（波动 %8），平衡准确率 &lt;b&gt;%9&lt;/b&gt;，Cohen's kappa &lt;b&gt;%10&lt;/b&gt;，翻转率 &lt;b&gt;%11&lt;/b&gt;，无法读取的答复 %12 条。</translation>
    </message>
</context>
<context>
    <name>rd::JudgingBar</name>
    <message>
        <source>Accept (A)</source>
        <translation>接受 (A)</translation>
    </message>
    <message>
        <source>Reject (R)</source>
        <translation>拒绝 (R)</translation>
    </message>
    <message>
        <source>Unsure (U)</source>
        <translation>不确定 (U)</translation>
    </message>
    <message>
        <source>Q1 nitpick: 1 pure nitpick … 7 not a nitpick (keys 1, then 1–7)</source>
        <translation>Q1 吹毛求疵：1 纯属吹毛求疵 … 7 并非吹毛求疵（按 1，再按 1–7）</translation>
    </message>
    <message>
        <source>Q2 fake problem: 1 not real … 7 real (keys 2, then 1–7)</source>
        <translation>Q2 伪问题：1 不是真问题 … 7 真问题（按 2，再按 1–7）</translation>
    </message>
    <message>
        <source>Q3 severity: 1 trivial … 7 severe (keys 3, then 1–7)</source>
        <translation>Q3 严重度：1 微不足道 … 7 严重（按 3，再按 1–7）</translation>
    </message>
    <message>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <source>Category (C)</source>
        <translation>类别 (C)</translation>
    </message>
    <message>
        <source>Context level (L)</source>
        <translation>上下文级别 (L)</translation>
    </message>
    <message>
        <source>Key bug (B)</source>
        <translation>关键缺陷 (B)</translation>
    </message>
    <message>
        <source>CQS tag (T)</source>
        <translation>CQS 标签 (T)</translation>
    </message>
    <message>
        <source>▲ Helpful</source>
        <translation>▲ 有帮助</translation>
    </message>
    <message>
        <source>Thumbs up (Y)</source>
        <translation>点赞 (Y)</translation>
    </message>
    <message>
        <source>▼ Not helpful</source>
        <translation>▼ 没帮助</translation>
    </message>
    <message>
        <source>Thumbs down (N)</source>
        <translation>点踩 (N)</translation>
    </message>
    <message>
        <source>One-sentence critique (E), Enter to save</source>
        <translation>一句话评语 (E)，回车保存</translation>
    </message>
    <message>
        <source>No comments yet: run a review (Ctrl+R) or add one on selected lines (Shift+C).</source>
        <translation>还没有评论：运行审查 (Ctrl+R)，或在选中的行上添加评论 (Shift+C)。</translation>
    </message>
    <message>
        <source>model %1</source>
        <translation>模型 %1</translation>
    </message>
    <message>
        <source>%1 kept</source>
        <translation>保留的 %1 条</translation>
    </message>
    <message>
        <source>%1 shown</source>
        <translation>显示的 %1 条</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n generated); press J to judge the first.</source>
        <translation><numerusform>%1（共生成 %n 条）；按 J 评判第一条。</numerusform></translation>
    </message>
    <message>
        <source>&lt;b&gt;Comment %1 of %2&lt;/b&gt;</source>
        <translation>&lt;b&gt;第 %1 条评论，共%2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;A comment outside the %1&lt;/b&gt;</source>
        <translation>&lt;b&gt;不在%1之中的评论&lt;/b&gt;</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n generated) · %2:%3</source>
        <translation><numerusform>%1（共生成 %n 条）· %2:%3</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::JudgingController</name>
    <message>
        <source>Who Is Judging?</source>
        <translation>谁在评判？</translation>
    </message>
    <message>
        <source>Your name, stored with every judgement you make (asked once):</source>
        <translation>你的名字，会随你的每条评判一起保存（只问一次）：</translation>
    </message>
    <message>
        <source>&amp;Next Comment</source>
        <translation>下一条评论(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Previous Comment</source>
        <translation>上一条评论(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Accept</source>
        <translation>接受(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Reject</source>
        <translation>拒绝(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Unsure</source>
        <translation>不确定(&amp;U)</translation>
    </message>
    <message>
        <source>Accept and Ne&amp;xt</source>
        <translation>接受并跳到下一条(&amp;X)</translation>
    </message>
    <message>
        <source>Reject and Nex&amp;t</source>
        <translation>拒绝并跳到下一条(&amp;T)</translation>
    </message>
    <message>
        <source>Re-score Q&amp;1 (Nitpick), then 1–7</source>
        <translation>重新打分 Q1（吹毛求疵），再按 1–7(&amp;1)</translation>
    </message>
    <message>
        <source>Re-score Q&amp;2 (Fake Problem), then 1–7</source>
        <translation>重新打分 Q2（伪问题），再按 1–7(&amp;2)</translation>
    </message>
    <message>
        <source>Re-score Q&amp;3 (Severity), then 1–7</source>
        <translation>重新打分 Q3（严重度），再按 1–7(&amp;3)</translation>
    </message>
    <message>
        <source>&amp;Category, then 1–4</source>
        <translation>类别，再按 1–4(&amp;C)</translation>
    </message>
    <message>
        <source>Context &amp;Level, then 1–3</source>
        <translation>上下文级别，再按 1–3(&amp;L)</translation>
    </message>
    <message>
        <source>CQS &amp;Tag, then 1–9 (0: other)</source>
        <translation>CQS 标签，再按 1–9（0：其他）(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Key Bug</source>
        <translation>关键缺陷(&amp;K)</translation>
    </message>
    <message>
        <source>Thumbs &amp;Up</source>
        <translation>点赞(&amp;U)</translation>
    </message>
    <message>
        <source>Thumbs &amp;Down</source>
        <translation>点踩(&amp;D)</translation>
    </message>
    <message>
        <source>Write a &amp;Critique…</source>
        <translation>撰写评语(&amp;C)…</translation>
    </message>
    <message>
        <source>Critique</source>
        <translation>评语</translation>
    </message>
    <message>
        <source>One sentence on what is right or wrong with this comment:</source>
        <translation>用一句话说明这条评论对在哪里或错在哪里：</translation>
    </message>
    <message>
        <source>Collapse or &amp;Expand Comment</source>
        <translation>折叠或展开评论(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Add Comment on Selected Lines…</source>
        <translation>在选中的行上添加评论(&amp;A)…</translation>
    </message>
    <message>
        <source>Edit Comment &amp;Text or Lines…</source>
        <translation>编辑评论文本或行号(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Open or create a workspace first (File ▸ New Workspace).</source>
        <translation>请先打开或新建工作区（文件 ▸ 新建工作区）。</translation>
    </message>
    <message>
        <source>No comment is selected: press J for the next one.</source>
        <translation>未选中评论：按 J 跳到下一条。</translation>
    </message>
    <message>
        <source>No more comments.</source>
        <translation>没有更多评论了。</translation>
    </message>
    <message>
        <source>No earlier comments.</source>
        <translation>没有更早的评论了。</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>撤销 %1(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>重做 %1(&amp;R)</translation>
    </message>
    <message>
        <source>Q1 nitpick: press 1 (pure nitpick) … 7 (not a nitpick); the model said %1. Esc cancels.</source>
        <translation>Q1 吹毛求疵：按 1（纯属吹毛求疵）… 7（并非吹毛求疵）；模型给了 %1。Esc 取消。</translation>
    </message>
    <message>
        <source>Q2 fake problem: press 1 (not a real problem) … 7 (real); the model said %1. Esc cancels.</source>
        <translation>Q2 伪问题：按 1（不是真问题）… 7（真问题）；模型给了 %1。Esc 取消。</translation>
    </message>
    <message>
        <source>Q3 severity: press 1 (trivial) … 7 (severe); the model said %1. Esc cancels.</source>
        <translation>Q3 严重度：按 1（微不足道）… 7（严重）；模型给了 %1。Esc 取消。</translation>
    </message>
    <message>
        <source>Category: %1. Esc cancels.</source>
        <translation>类别：%1。Esc 取消。</translation>
    </message>
    <message>
        <source>Context needed to judge it: 1 %1 · 2 %2 · 3 %3. Esc cancels.</source>
        <translation>评判它所需的上下文：1 %1 · 2 %2 · 3 %3。Esc 取消。</translation>
    </message>
    <message>
        <source>Tag: %1 · 0 other…. Esc cancels.</source>
        <translation>标签：%1 · 0 其他…。Esc 取消。</translation>
    </message>
    <message>
        <source>Press a number from 1 to %1.</source>
        <translation>请按 1 到 %1 之间的数字。</translation>
    </message>
    <message>
        <source>CQS Tag</source>
        <translation>CQS 标签</translation>
    </message>
    <message>
        <source>A tag of your own (CQS App. A lists %1):</source>
        <translation>自定义标签（CQS 附录 A 列出了 %1）：</translation>
    </message>
    <message>
        <source>Show or Hide &amp;Filtered Comments</source>
        <translation>显示或隐藏被过滤的评论(&amp;F)</translation>
    </message>
    <message>
        <source>Judgement Changed Meanwhile</source>
        <translation>判定已被修改</translation>
    </message>
    <message>
        <source>Another window or reviewdesk-cli changed this judgement while you were judging; it is shown now. Apply your change on top of it, or keep it as it is?</source>
        <translation>在您判定期间，另一个窗口或 reviewdesk-cli 修改了此判定；现在显示的是修改后的判定。要在其基础上应用您的修改，还是保留现状？</translation>
    </message>
    <message>
        <source>Apply Mine on Top</source>
        <translation>在其基础上应用我的</translation>
    </message>
    <message>
        <source>Keep Theirs</source>
        <translation>保留对方的</translation>
    </message>
</context>
<context>
    <name>rd::JudgingService</name>
    <message>
        <source>choose an annotator before judging</source>
        <translation>评判前请先选择标注者</translation>
    </message>
    <message>
        <source>choose an annotator before editing</source>
        <translation>编辑前请先选择标注者</translation>
    </message>
    <message>
        <source>open a merge request and choose an annotator before adding a comment</source>
        <translation>添加评论前请先打开合并请求并选择标注者</translation>
    </message>
    <message>
        <source>choose an annotator before removing a comment</source>
        <translation>删除评论前请先选择标注者</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Judgement</source>
        <translation>评判</translation>
    </message>
    <message>
        <source>Clear Judgement</source>
        <translation>清除评判</translation>
    </message>
    <message>
        <source>Edit Comment</source>
        <translation>编辑评论</translation>
    </message>
    <message>
        <source>Add Comment</source>
        <translation>添加评论</translation>
    </message>
    <message>
        <source>Remove Comment</source>
        <translation>删除评论</translation>
    </message>
    <message>
        <source>no workspace is open</source>
        <translation>没有打开的工作区</translation>
    </message>
</context>
<context>
    <name>rd::JudgingStatus</name>
    <message>
        <source>No workspace</source>
        <translation>没有工作区</translation>
    </message>
    <message>
        <source>median %1 s a decision</source>
        <translation>每次决定中位数 %1 秒</translation>
    </message>
    <message numerus="yes">
        <source>%n decision(s) (%1/%2 comments, with their near-duplicates) · workspace %3/%4</source>
        <translation><numerusform>已做 %n 个决定（%1/%2 条评论，含近似重复）· 工作区 %3/%4</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::JudgingWorkbench</name>
    <message>
        <source>Comments</source>
        <translation>评论</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>Keyboard &amp;Shortcuts…</source>
        <translation>键盘快捷键设置(&amp;S)…</translation>
    </message>
    <message>
        <source>The run is not stored: no workspace is open.</source>
        <translation>运行未保存：没有打开的工作区。</translation>
    </message>
    <message>
        <source>The run could not be stored: %1</source>
        <translation>无法保存运行：%1</translation>
    </message>
    <message>
        <source>Open a file of the merge request first.</source>
        <translation>请先打开合并请求中的一个文件。</translation>
    </message>
    <message>
        <source>Select lines first: drag over the line numbers, or Shift+Down from a line.</source>
        <translation>请先选择行：在行号上拖动，或从某一行按 Shift+Down。</translation>
    </message>
    <message>
        <source>Comment Changed Meanwhile</source>
        <translation>评论已被他人修改</translation>
    </message>
    <message>
        <source>Someone else changed this comment while you were editing it.</source>
        <translation>在您编辑期间，其他人修改了这条评论。</translation>
    </message>
    <message>
        <source>Their text: “%1”. Your text: “%2”. Save yours over theirs, or keep theirs?</source>
        <translation>对方的文本：“%1”。您的文本：“%2”。用您的文本覆盖对方的，还是保留对方的？</translation>
    </message>
    <message>
        <source>Save Mine</source>
        <translation>保存我的</translation>
    </message>
    <message>
        <source>Keep Theirs</source>
        <translation>保留对方的</translation>
    </message>
</context>
<context>
    <name>rd::LeaderboardModel</name>
    <message>
        <source>%1: a review tool of the benchmark</source>
        <translation>%1：基准中的评审工具</translation>
    </message>
    <message numerus="yes">
        <source>%1: a run configuration of this workspace (%n run(s))</source>
        <translation><numerusform>%1：本工作区的运行配置（%n 次运行）</numerusform></translation>
    </message>
    <message>
        <source>People judged none of its comments.</source>
        <translation>人工未评判其任何评论。</translation>
    </message>
    <message>
        <source>No price in its run configurations: tokens are counted, not costed.</source>
        <translation>其运行配置中没有价格：只统计 token，不计成本。</translation>
    </message>
    <message>
        <source>Merge requests the reviewer has an entry on (after the filters)</source>
        <translation>评审者有记录的合并请求（筛选后）</translation>
    </message>
    <message>
        <source>References found, summed over merge requests</source>
        <translation>发现的参考，对合并请求求和</translation>
    </message>
    <message>
        <source>Comments that found no reference, summed over merge requests</source>
        <translation>未发现任何参考的评论，对合并请求求和</translation>
    </message>
    <message>
        <source>References missed, summed over merge requests</source>
        <translation>遗漏的参考，对合并请求求和</translation>
    </message>
    <message>
        <source>TP / (TP + FP) of the sums, in percent, with its interval</source>
        <translation>各项和的 TP / (TP + FP)，百分比，带区间</translation>
    </message>
    <message>
        <source>TP / (TP + FN) of the sums, in percent, with its interval</source>
        <translation>各项和的 TP / (TP + FN)，百分比，带区间</translation>
    </message>
    <message>
        <source>F-beta of precision and recall (beta %1), in percent, with its interval</source>
        <translation>精确率与召回率的 F-beta（beta %1），百分比，带区间</translation>
    </message>
    <message>
        <source>Key bug inclusion of the run configuration's runs (defect-focused paper, App. M)</source>
        <translation>运行配置各次运行的关键缺陷包含率（缺陷导向论文，附录 M）</translation>
    </message>
    <message>
        <source>False alarm rate 1 of the run configuration's runs (defect-focused paper, App. M)</source>
        <translation>运行配置各次运行的误报率 1（缺陷导向论文，附录 M）</translation>
    </message>
    <message>
        <source>Comprehensive performance index 1 of the run configuration's runs (defect-focused paper, App. M)</source>
        <translation>运行配置各次运行的综合性能指数 1（缺陷导向论文，附录 M）</translation>
    </message>
    <message>
        <source>Comments with a final accept by people</source>
        <translation>人工最终接受的评论</translation>
    </message>
    <message>
        <source>Tokens of its runs times the prices of their run configurations, in US dollars</source>
        <translation>其运行的 token 乘以运行配置的价格，单位美元</translation>
    </message>
    <message>
        <source>Cost divided by accepted comments, in US dollars</source>
        <translation>成本除以被接受的评论数，单位美元</translation>
    </message>
    <message>
        <source>Reviewer</source>
        <translation>评审者</translation>
    </message>
    <message>
        <source>MRs</source>
        <translation>合并请求</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>FP</source>
        <translation>FP</translation>
    </message>
    <message>
        <source>FN</source>
        <translation>FN</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精确率</translation>
    </message>
    <message>
        <source>Recall</source>
        <translation>召回率</translation>
    </message>
    <message>
        <source>F1</source>
        <translation>F1</translation>
    </message>
    <message>
        <source>F%1</source>
        <translation>F%1</translation>
    </message>
    <message>
        <source>KBI</source>
        <translation>KBI</translation>
    </message>
    <message>
        <source>FAR1</source>
        <translation>FAR1</translation>
    </message>
    <message>
        <source>CPI1</source>
        <translation>CPI1</translation>
    </message>
    <message>
        <source>Accepted</source>
        <translation>已接受</translation>
    </message>
    <message>
        <source>Cost (USD)</source>
        <translation>成本（美元）</translation>
    </message>
    <message>
        <source>USD per accepted</source>
        <translation>每条被接受美元</translation>
    </message>
    <message>
        <source>%1 is not defined here: nothing to count it on (no comment for precision, no reference for recall, no key issue for KBI).</source>
        <translation>%1 在此无定义：没有可计数的对象（精确率无评论，召回率无参考问题，KBI 无关键问题）。</translation>
    </message>
    <message>
        <source>%1: %2 %, without an interval (no resample defined it)</source>
        <translation>%1：%2 %，无区间（没有重抽样定义了它）</translation>
    </message>
    <message>
        <source>An end shown — is open: the figure was infinite in too many resamples on that side to bound it.</source>
        <translation>显示为 — 的一端是开放的：该指标在这一侧有太多重抽样为无穷大，无法给出界限。</translation>
    </message>
    <message>
        <source>Reviewers sharing a letter are not told apart by any Holm-adjusted test on %1 at %2 %</source>
        <translation>共享同一字母的评审者，在 %2 % 水平下，任何经 Holm 校正的 %1 检验都无法区分</translation>
    </message>
    <message>
        <source>No tier: the pairs were not tested.</source>
        <translation>无层级：未对各对进行检验。</translation>
    </message>
    <message>
        <source>Tier %1. %2.</source>
        <translation>层级 %1。%2。</translation>
    </message>
    <message>
        <source>Tier</source>
        <translation>层级</translation>
    </message>
    <message>
        <source>%1: %2 %, %3 % bootstrap interval %4 over merge requests (%5 of %6 resamples defined it)</source>
        <translation>%1：%2 %，基于合并请求的 %3 % 自助区间 %4（%6 次重抽样中 %5 次有定义）</translation>
    </message>
</context>
<context>
    <name>rd::LlmClient</name>
    <message>
        <source>the environment variable %1 that should hold the API key is not set</source>
        <translation>应保存 API 密钥的环境变量 %1 未设置</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>no answer within %1 s</source>
        <translation>%1 秒内没有回答</translation>
    </message>
    <message>
        <source>HTTP %1: %2</source>
        <translation>HTTP %1：%2</translation>
    </message>
    <message>
        <source>connection failed: %1</source>
        <translation>连接失败：%1</translation>
    </message>
    <message>
        <source>unreadable answer: %1</source>
        <translation>无法读取的回答：%1</translation>
    </message>
    <message>
        <source>HTTP %1: not a model list</source>
        <translation>HTTP %1：不是模型列表</translation>
    </message>
    <message>
        <source>replay: the recording has no answer for this exact request (%1); the prompt, model or sampling differ from what was recorded</source>
        <translation>回放：录制中没有与此请求完全一致的回答（%1）；提示词、模型或采样参数与录制时不同</translation>
    </message>
    <message>
        <source>unnamed step</source>
        <translation>未命名步骤</translation>
    </message>
    <message>
        <source>(the server asks to wait %1 s before retrying)</source>
        <translation>（服务器要求等待 %1 秒后再重试）</translation>
    </message>
    <message>
        <source>the answer of %1 is larger than the %2-byte limit (max_answer_bytes); not read</source>
        <translation>%1 的回答超过 %2 字节的上限（max_answer_bytes），未读取</translation>
    </message>
</context>
<context>
    <name>rd::MainWindow</name>
    <message>
        <source>ReviewDesk</source>
        <translation>ReviewDesk</translation>
    </message>
    <message>
        <source>Highlighting: %1</source>
        <translation>语法高亮：%1</translation>
    </message>
    <message>
        <source>Could not open the merge request.</source>
        <translation>无法打开合并请求。</translation>
    </message>
    <message>
        <source>Cannot Open Merge Request</source>
        <translation>无法打开合并请求</translation>
    </message>
    <message>
        <source>ReviewDesk could not open %1 → %2 in %3.</source>
        <translation>ReviewDesk 无法在 %3 中打开 %1 → %2。</translation>
    </message>
    <message>
        <source>&amp;Open Merge Request…</source>
        <translation>打开合并请求(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Next Change</source>
        <translation>下一处变更(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Previous Change</source>
        <translation>上一处变更(&amp;P)</translation>
    </message>
    <message>
        <source>Next &amp;File</source>
        <translation>下一个文件(&amp;F)</translation>
    </message>
    <message>
        <source>Previous F&amp;ile</source>
        <translation>上一个文件(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Find in Diff…</source>
        <translation>在差异中查找(&amp;F)…</translation>
    </message>
    <message>
        <source>Find Ne&amp;xt</source>
        <translation>查找下一个(&amp;X)</translation>
    </message>
    <message>
        <source>Find Pre&amp;vious</source>
        <translation>查找上一个(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Go to Line…</source>
        <translation>转到行(&amp;G)…</translation>
    </message>
    <message>
        <source>Mark File as &amp;Viewed</source>
        <translation>将文件标记为已查看(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Unified View</source>
        <translation>统一视图(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Wrap Lines</source>
        <translation>自动换行(&amp;W)</translation>
    </message>
    <message>
        <source>Ignore &amp;Whitespace</source>
        <translation>忽略空白(&amp;W)</translation>
    </message>
    <message>
        <source>Show &amp;Description</source>
        <translation>显示描述(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Navigate</source>
        <translation>导航(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About ReviewDesk</source>
        <translation>关于 ReviewDesk(&amp;A)</translation>
    </message>
    <message>
        <source>About ReviewDesk</source>
        <translation>关于 ReviewDesk</translation>
    </message>
    <message>
        <source>&lt;h3&gt;ReviewDesk %1&lt;/h3&gt;&lt;p&gt;A workbench for defect-focused code review with LLMs.&lt;/p&gt;&lt;p&gt;Syntax highlighting: %2. libgit2, Qt %3.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;ReviewDesk %1&lt;/h3&gt;&lt;p&gt;面向缺陷的 LLM 代码审查工作台。&lt;/p&gt;&lt;p&gt;语法高亮：%2。libgit2，Qt %3。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Opening %1 → %2…</source>
        <translation>正在打开 %1 → %2…</translation>
    </message>
    <message>
        <source>%1 — ReviewDesk</source>
        <translation>%1 — ReviewDesk</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) changed</source>
        <translation><numerusform>%n 个文件有变更</numerusform></translation>
    </message>
    <message>
        <source>This merge request changes no files.</source>
        <translation>此合并请求没有变更任何文件。</translation>
    </message>
    <message>
        <source>Select a file to see its changes.</source>
        <translation>选择一个文件以查看其变更。</translation>
    </message>
    <message>
        <source>No more changes.</source>
        <translation>没有更多变更。</translation>
    </message>
    <message>
        <source>No earlier changes.</source>
        <translation>没有更早的变更。</translation>
    </message>
    <message>
        <source>Go to Line</source>
        <translation>转到行</translation>
    </message>
    <message>
        <source>Line in the new version (1–%1):</source>
        <translation>新版本中的行号（1–%1）：</translation>
    </message>
    <message>
        <source>Line %1 is not in the new version.</source>
        <translation>新版本中没有第 %1 行。</translation>
    </message>
    <message>
        <source>Mark File as Not &amp;Viewed</source>
        <translation>将文件标记为未查看(&amp;V)</translation>
    </message>
    <message>
        <source>Slices</source>
        <translation>切片</translation>
    </message>
    <message>
        <source>Slicing failed; the diff is still fully usable.</source>
        <translation>切片失败；差异视图仍可完整使用。</translation>
    </message>
    <message numerus="yes">
        <source>%n slice(s) ready</source>
        <translation><numerusform>已生成 %n 个切片</numerusform></translation>
    </message>
    <message>
        <source>Slicing in the background…</source>
        <translation>正在后台切片…</translation>
    </message>
    <message>
        <source>%1 is not changed in this merge request.</source>
        <translation>%1 在此合并请求中没有变更。</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>审查</translation>
    </message>
    <message>
        <source>Review finished.</source>
        <translation>审查完成。</translation>
    </message>
    <message>
        <source>&amp;Run Review…</source>
        <translation>运行审查(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Review</source>
        <translation>审查(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Judge</source>
        <translation>评判(&amp;J)</translation>
    </message>
    <message>
        <source>Cannot Run Review</source>
        <translation>无法运行审查</translation>
    </message>
    <message>
        <source>The review was not started.</source>
        <translation>审查未启动。</translation>
    </message>
    <message>
        <source>Slicing again with a budget of %1 tokens a slice; the review starts when the slices are ready.</source>
        <translation>正在以每个切片 %1 个令牌的预算重新切片；切片就绪后开始审查。</translation>
    </message>
    <message>
        <source>Evaluate</source>
        <translation>评估</translation>
    </message>
    <message>
        <source>Open a workspace first: the evaluation reads its runs, references and judgements.</source>
        <translation>请先打开工作区：评估会读取其中的运行、参考问题和评判。</translation>
    </message>
    <message>
        <source>&amp;Evaluate…</source>
        <translation>评估(&amp;E)…</translation>
    </message>
    <message>
        <source>Retrieved Context</source>
        <translation>检索到的上下文</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Opening the run's merge request; the run resumes when its slices are ready.</source>
        <translation>正在打开该运行的合并请求；切片就绪后运行将继续。</translation>
    </message>
    <message>
        <source>Resuming the run.</source>
        <translation>正在继续运行。</translation>
    </message>
    <message>
        <source>Cannot Resume Run</source>
        <translation>无法继续运行</translation>
    </message>
    <message>
        <source>The run was not resumed.</source>
        <translation>运行未继续。</translation>
    </message>
    <message>
        <source>Resu&amp;me Run…</source>
        <translation>继续运行(&amp;M)…</translation>
    </message>
    <message>
        <source>&amp;Manual</source>
        <translation>手册(&amp;M)</translation>
    </message>
    <message>
        <source>Merge Requests</source>
        <translation>合并请求</translation>
    </message>
    <message>
        <source>Next &amp;Merge Request</source>
        <translation>下一个合并请求(&amp;M)</translation>
    </message>
    <message>
        <source>This is the last merge request in the browser.</source>
        <translation>这是浏览器中的最后一个合并请求。</translation>
    </message>
    <message>
        <source>Previous M&amp;erge Request</source>
        <translation>上一个合并请求(&amp;E)</translation>
    </message>
    <message>
        <source>This is the first merge request in the browser.</source>
        <translation>这是浏览器中的第一个合并请求。</translation>
    </message>
    <message>
        <source>Next &amp;Unjudged Merge Request</source>
        <translation>下一个未评判的合并请求(&amp;U)</translation>
    </message>
    <message>
        <source>Every merge request in your queue is judged.</source>
        <translation>您队列中的每个合并请求都已评判。</translation>
    </message>
    <message>
        <source>Choose a merge request in the Merge Requests panel.</source>
        <translation>请在“合并请求”面板中选择一个合并请求。</translation>
    </message>
    <message>
        <source>Evaluate Judge</source>
        <translation>评估评审模型</translation>
    </message>
    <message>
        <source>Open a workspace first: the judge is measured against the labels people gave in it.</source>
        <translation>请先打开工作区：评审模型将与其中的人工标签进行对比。</translation>
    </message>
    <message>
        <source>Evaluate &amp;Judge…</source>
        <translation>评估评审模型(&amp;J)…</translation>
    </message>
    <message>
        <source>Publish Review</source>
        <translation>发布评审</translation>
    </message>
    <message>
        <source>&amp;Publish Review…</source>
        <translation>发布评审(&amp;P)…</translation>
    </message>
    <message>
        <source>Open &amp;Pull Request…</source>
        <translation>打开拉取请求(&amp;P)…</translation>
    </message>
    <message>
        <source>Re&amp;fresh Merge Request</source>
        <translation>刷新合并请求(&amp;F)</translation>
    </message>
    <message>
        <source>A pull request is being opened already.</source>
        <translation>已有一个拉取请求正在打开。</translation>
    </message>
    <message>
        <source>Could not open the pull request.</source>
        <translation>无法打开拉取请求。</translation>
    </message>
    <message>
        <source>Cannot Open Pull Request</source>
        <translation>无法打开拉取请求</translation>
    </message>
    <message>
        <source>ReviewDesk could not open the pull request.</source>
        <translation>ReviewDesk 无法打开该拉取请求。</translation>
    </message>
    <message>
        <source>Revisions</source>
        <translation>修订</translation>
    </message>
    <message>
        <source>Cannot Refresh the Merge Request</source>
        <translation>无法刷新合并请求</translation>
    </message>
    <message>
        <source>The merge request is already at its newest commits (revision %1).</source>
        <translation>合并请求已是最新提交（修订 %1）。</translation>
    </message>
    <message>
        <source>Revision %1 recorded: %2 comment(s) moved, %3 unchanged, %4 outdated.</source>
        <translation>已记录修订 %1：%2 条评论已移动，%3 条未变，%4 条已过时。</translation>
    </message>
    <message>
        <source>Compare Two Reviews</source>
        <translation>比较两份审查</translation>
    </message>
    <message>
        <source>Open a workspace first: the reviews compared are its runs, and the votes are kept in it.</source>
        <translation>请先打开一个工作区：比较的审查是其中的运行，投票也保存在其中。</translation>
    </message>
    <message>
        <source>&amp;Compare Two Reviews…</source>
        <translation>比较两份审查(&amp;C)…</translation>
    </message>
    <message>
        <source>Compare Reviewers</source>
        <translation>比较评审者</translation>
    </message>
    <message>
        <source>Open a workspace first: the comparison reads its runs, its imported benchmarks and their judges' verdicts.</source>
        <translation>请先打开工作区：比较会读取其运行、导入的基准及其评判者的结论。</translation>
    </message>
    <message>
        <source>&amp;Compare Reviewers…</source>
        <translation>比较评审者(&amp;C)…</translation>
    </message>
    <message>
        <source>People's decisions on the judges' matches are kept under the annotator's name.</source>
        <translation>人们对评判者匹配的决定以标注者的名字保存。</translation>
    </message>
    <message>
        <source>Audit the Judges…</source>
        <translation>审核评判者…</translation>
    </message>
    <message>
        <source>Answer Triage</source>
        <translation>回答分诊</translation>
    </message>
    <message>
        <source>Open a workspace first: the triage queue and its answers are kept in it.</source>
        <translation>请先打开工作区：分诊队列及其回答保存在其中。</translation>
    </message>
    <message>
        <source>Answer &amp;Triage…</source>
        <translation>回答分诊(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation>面板(&amp;P)</translation>
    </message>
</context>
<context>
    <name>rd::ManualWindow</name>
    <message>
        <source>ReviewDesk Manual</source>
        <translation>ReviewDesk 手册</translation>
    </message>
</context>
<context>
    <name>rd::MergeRequestBrowser</name>
    <message>
        <source>Search title, repository, URL or id</source>
        <translation>搜索标题、仓库、URL 或编号</translation>
    </message>
    <message>
        <source>Any state</source>
        <translation>任意状态</translation>
    </message>
    <message>
        <source>Unjudged by me</source>
        <translation>我未评判</translation>
    </message>
    <message>
        <source>In progress</source>
        <translation>进行中</translation>
    </message>
    <message>
        <source>Done by me</source>
        <translation>我已完成</translation>
    </message>
    <message>
        <source>With or without code</source>
        <translation>有无代码均可</translation>
    </message>
    <message>
        <source>Code available</source>
        <translation>有代码</translation>
    </message>
    <message>
        <source>Without code</source>
        <translation>无代码</translation>
    </message>
    <message>
        <source>Assigned to me</source>
        <translation>分配给我</translation>
    </message>
    <message>
        <source>Needs adjudication</source>
        <translation>待仲裁</translation>
    </message>
    <message>
        <source>Any language</source>
        <translation>任意语言</translation>
    </message>
    <message>
        <source>Any PR category</source>
        <translation>任意 PR 类别</translation>
    </message>
</context>
<context>
    <name>rd::MergeRequestHeader</name>
    <message>
        <source>Show or hide the description</source>
        <translation>显示或隐藏描述</translation>
    </message>
    <message>
        <source>No merge request</source>
        <translation>没有合并请求</translation>
    </message>
    <message>
        <source>(no title)</source>
        <translation>（无标题）</translation>
    </message>
    <message numerus="yes">
        <source>%1 %2 ← %3 %4 · merge base %5 · %n file(s) changed</source>
        <translation><numerusform>%1 %2 ← %3 %4 · 合并基点 %5 · %n 个文件有变更</numerusform></translation>
    </message>
    <message>
        <source>two-dot</source>
        <translation>两点比较</translation>
    </message>
</context>
<context>
    <name>rd::MergeRequestListModel</name>
    <message>
        <source>Blind mode: others' progress shows once the workspace's blind mode is off.</source>
        <translation>盲评模式：关闭工作区的盲评模式后才显示他人的进度。</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message numerus="yes">
        <source>%n other(s) judging</source>
        <translation><numerusform>%n 位他人在评判</numerusform></translation>
    </message>
    <message>
        <source>%1 %2/%3</source>
        <translation>%1 %2/%3</translation>
    </message>
    <message>
        <source>needs adjudication (%1)</source>
        <translation>待仲裁（%1）</translation>
    </message>
    <message>
        <source>adjudicated</source>
        <translation>已裁决</translation>
    </message>
    <message>
        <source>code</source>
        <translation>有代码</translation>
    </message>
    <message>
        <source>without code</source>
        <translation>无代码</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>编号</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>Repository</source>
        <translation>仓库</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>PR Category</source>
        <translation>PR 类别</translation>
    </message>
    <message>
        <source>Generated</source>
        <translation>生成</translation>
    </message>
    <message>
        <source>Kept</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>Human</source>
        <translation>人工</translation>
    </message>
    <message>
        <source>My Progress</source>
        <translation>我的进度</translation>
    </message>
    <message>
        <source>Others</source>
        <translation>他人</translation>
    </message>
    <message>
        <source>Assigned</source>
        <translation>分配给</translation>
    </message>
    <message>
        <source>Adjudication</source>
        <translation>裁决</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>代码</translation>
    </message>
</context>
<context>
    <name>rd::OpenMergeRequestDialog</name>
    <message>
        <source>Open Merge Request</source>
        <translation>打开合并请求</translation>
    </message>
    <message>
        <source>Path of a work tree, a .git directory or a bare repository</source>
        <translation>工作树、.git 目录或裸仓库的路径</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>&amp;Repository:</source>
        <translation>仓库(&amp;R)：</translation>
    </message>
    <message>
        <source>Target: branch, tag, commit or any rev-spec</source>
        <translation>目标：分支、标签、提交或任意修订表达式</translation>
    </message>
    <message>
        <source>&amp;Base (target):</source>
        <translation>基准（目标）(&amp;B)：</translation>
    </message>
    <message>
        <source>Source: the change to review</source>
        <translation>来源：要审查的变更</translation>
    </message>
    <message>
        <source>&amp;Head (source):</source>
        <translation>头部（来源）(&amp;H)：</translation>
    </message>
    <message>
        <source>Compare base and head directly (two-dot) instead of from their merge base</source>
        <translation>直接比较基准与头部（两点），而不是从合并基点比较</translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation>标题(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Description:</source>
        <translation>描述(&amp;D)：</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Choose a Repository</source>
        <translation>选择仓库</translation>
    </message>
    <message>
        <source>Choose a repository.</source>
        <translation>请选择一个仓库。</translation>
    </message>
    <message>
        <source>Bare repository %1</source>
        <translation>裸仓库 %1</translation>
    </message>
    <message>
        <source>Repository %1</source>
        <translation>仓库 %1</translation>
    </message>
    <message>
        <source>Enter a revision.</source>
        <translation>请输入修订。</translation>
    </message>
    <message>
        <source>A revision is missing.</source>
        <translation>缺少修订。</translation>
    </message>
</context>
<context>
    <name>rd::OpenPullRequestDialog</name>
    <message>
        <source>Open Pull Request</source>
        <translation>打开拉取请求</translation>
    </message>
    <message>
        <source>https://github.com/OWNER/REPO/pull/N, a GitLab merge request or a Gerrit change</source>
        <translation>https://github.com/所有者/仓库/pull/N、GitLab 合并请求或 Gerrit 变更</translation>
    </message>
    <message>
        <source>Pull request &amp;address:</source>
        <translation>拉取请求地址(&amp;A)：</translation>
    </message>
    <message>
        <source>ReviewDesk's own clone in its data folder</source>
        <translation>ReviewDesk 数据文件夹中自己的克隆</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>&amp;Clone to fetch into:</source>
        <translation>获取到的克隆(&amp;C)：</translation>
    </message>
    <message>
        <source>Clone to Fetch Into</source>
        <translation>获取到的克隆</translation>
    </message>
    <message>
        <source>&amp;API address:</source>
        <translation>API 地址(&amp;A)：</translation>
    </message>
    <message>
        <source>&amp;Token variable:</source>
        <translation>令牌变量(&amp;T)：</translation>
    </message>
    <message>
        <source>The token is read from this environment variable, else from the keyring; ReviewDesk never stores it. A public pull request needs none.</source>
        <translation>令牌从此环境变量读取，否则从密钥环读取；ReviewDesk 从不保存令牌。公开的拉取请求无需令牌。</translation>
    </message>
    <message>
        <source>&amp;Import the host's review comments</source>
        <translation>导入代码托管平台上的评审评论(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>打开(&amp;O)</translation>
    </message>
    <message>
        <source>%1 · server %2 · project %3 · number %4</source>
        <translation>%1 · 服务器 %2 · 项目 %3 · 编号 %4</translation>
    </message>
    <message>
        <source> · patch set %1</source>
        <translation> · 补丁集 %1</translation>
    </message>
</context>
<context>
    <name>rd::PairwiseView</name>
    <message>
        <source>Compare Two Reviews</source>
        <translation>比较两份审查</translation>
    </message>
    <message>
        <source>Merge request:</source>
        <translation>合并请求：</translation>
    </message>
    <message>
        <source>Compare the reviews of one merge request, or pairs drawn from every merge request so that each pair of configurations gets votes.</source>
        <translation>比较一个合并请求的审查，或从所有合并请求中抽取审查对，使每一对配置都得到投票。</translation>
    </message>
    <message>
        <source>Cap:</source>
        <translation>上限：</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>At most this many votes by you in the workspace; none: no cap.</source>
        <translation>你在工作区中最多投这么多票；无：不设上限。</translation>
    </message>
    <message>
        <source>Which review would you rather receive for this change? Judge the whole review: what it finds, what it misses, and what it makes you read.</source>
        <translation>对于这项变更，你更愿意收到哪一份审查？请评判整份审查：它发现了什么、遗漏了什么，以及它让你读了什么。</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>A is better</source>
        <translation>A 更好</translation>
    </message>
    <message>
        <source>Tie</source>
        <translation>平局</translation>
    </message>
    <message>
        <source>B is better</source>
        <translation>B 更好</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>跳过</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Cannot Compare Reviews</source>
        <translation>无法比较审查</translation>
    </message>
    <message>
        <source>Every merge request</source>
        <translation>所有合并请求</translation>
    </message>
    <message numerus="yes">
        <source>#%1 %2 (%n run(s))</source>
        <translation><numerusform>#%1 %2（%n 次运行）</numerusform></translation>
    </message>
    <message>
        <source>#%1 %2 (no runs)</source>
        <translation>#%1 %2（没有运行）</translation>
    </message>
    <message>
        <source>Nothing to compare</source>
        <translation>没有可比较的审查</translation>
    </message>
    <message>
        <source>%1 of %2 pairs voted</source>
        <translation>已对 %2 对中的 %1 对投票</translation>
    </message>
    <message>
        <source>Choose another merge request above, or every merge request.</source>
        <translation>请在上方选择另一个合并请求，或选择所有合并请求。</translation>
    </message>
    <message>
        <source>Run a review of a merge request with a second configuration (Review ▸ Run Review…), or import another model's reviews.</source>
        <translation>用第二种配置审查一个合并请求（审查 ▸ 运行审查…），或导入另一个模型的审查。</translation>
    </message>
    <message>
        <source>Raise the cap above to go on.</source>
        <translation>在上方提高上限即可继续。</translation>
    </message>
    <message>
        <source>Your votes are in the workspace: reviewdesk-cli arena ranks the configurations by them.</source>
        <translation>你的投票已保存在工作区中：reviewdesk-cli arena 据此为各配置排名。</translation>
    </message>
    <message>
        <source>No pair left</source>
        <translation>没有剩余的审查对</translation>
    </message>
    <message>
        <source>Pair %1 of %2</source>
        <translation>第 %1 对，共 %2 对</translation>
    </message>
    <message>
        <source>#%1 %2</source>
        <translation>#%1 %2</translation>
    </message>
    <message numerus="yes">
        <source>%n comment(s)</source>
        <translation><numerusform>%n 条评论</numerusform></translation>
    </message>
    <message>
        <source>Others on this pair: A %1 · B %2 · tie %3</source>
        <translation>其他人对这一对的投票：A %1 · B %2 · 平局 %3</translation>
    </message>
    <message numerus="yes">
        <source>%n vote(s) by others on this pair, hidden until you vote (blind mode)</source>
        <translation><numerusform>其他人对这一对有 %n 票，在你投票前隐藏（盲评模式）</numerusform></translation>
    </message>
    <message>
        <source>Cannot Store the Vote</source>
        <translation>无法保存投票</translation>
    </message>
    <message>
        <source>a tie</source>
        <translation>平局</translation>
    </message>
    <message>
        <source>Stored: %1. It replaces your earlier vote on the same pair in the same order (%2).</source>
        <translation>已保存：%1。它替换了你之前对同一对、同一顺序的投票（%2）。</translation>
    </message>
    <message>
        <source>Stored: %1.</source>
        <translation>已保存：%1。</translation>
    </message>
    <message>
        <source>Cannot Skip the Pair</source>
        <translation>无法跳过这一对</translation>
    </message>
    <message>
        <source>Skipped: this pair is not shown again in this session.</source>
        <translation>已跳过：本次会话不会再显示这一对。</translation>
    </message>
    <message>
        <source>Cannot Undo the Vote</source>
        <translation>无法撤销投票</translation>
    </message>
    <message>
        <source>Your last vote is taken back: its pair is shown again.</source>
        <translation>你的上一票已撤回：重新显示这一对。</translation>
    </message>
    <message>
        <source>Nothing to undo: you have not voted in this window yet.</source>
        <translation>没有可撤销的内容：你还没有在此窗口中投票。</translation>
    </message>
</context>
<context>
    <name>rd::PendingNotice</name>
    <message>
        <source>%1 not stored yet</source>
        <translation>%1 个尚未存储</translation>
    </message>
    <message>
        <source>Pending: %1 (%2); stopped trying</source>
        <translation>待存储：%1（%2）；已停止重试</translation>
    </message>
    <message>
        <source>Pending: %1 (%2); reconnecting in %3 s…</source>
        <translation>待存储：%1（%2）；%3 秒后重新连接…</translation>
    </message>
    <message>
        <source>Pending: %1 (%2); trying again in %3 s…</source>
        <translation>待存储：%1（%2）；%3 秒后重试…</translation>
    </message>
    <message>
        <source>Decisions Not Stored</source>
        <translation>判断未存储</translation>
    </message>
    <message>
        <source>Try Again</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>Keep Pending</source>
        <translation>保持待存储</translation>
    </message>
    <message>
        <source>%1 decisions could not be stored: %2</source>
        <translation>%1 个判断无法存储：%2</translation>
    </message>
    <message>
        <source>They stay pending, shown on their comments, and are not lost while the window is open. Try again once the problem is solved.</source>
        <translation>它们保持待存储状态，显示在各自的评论上，窗口打开期间不会丢失。问题解决后请重试。</translation>
    </message>
</context>
<context>
    <name>rd::PipelinePanel</name>
    <message>
        <source>No review has run for this merge request.</source>
        <translation>此合并请求尚未运行审查。</translation>
    </message>
    <message>
        <source>Show filtered comments</source>
        <translation>显示已过滤的评论</translation>
    </message>
    <message>
        <source>Cancel Run</source>
        <translation>取消运行</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重度</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Issue</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>&lt;b&gt;Replay&lt;/b&gt; of recorded answers — no model is called</source>
        <translation>&lt;b&gt;回放&lt;/b&gt;已录制的回答 — 不调用任何模型</translation>
    </message>
    <message>
        <source>&lt;b&gt;Live&lt;/b&gt; run: %1</source>
        <translation>&lt;b&gt;实时&lt;/b&gt;运行：%1</translation>
    </message>
    <message numerus="yes">
        <source>Reviewing %n slice(s)…</source>
        <translation><numerusform>正在审查 %n 个切片…</numerusform></translation>
    </message>
    <message>
        <source>%1 · %2 of %3 comments kept · %4 requests (%5 failed) · %6 tokens · %7 s</source>
        <translation>%1 · 保留 %2/%3 条评论 · %4 次请求（%5 次失败） · %6 个词元 · %7 秒</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>, replayed</source>
        <translation>，回放</translation>
    </message>
    <message>
        <source>, from the cache</source>
        <translation>，来自缓存</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>answer</source>
        <translation>回答</translation>
    </message>
    <message>
        <source>kept</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>dropped: %1</source>
        <translation>已丢弃：%1</translation>
    </message>
    <message>
        <source>%1 — %2 (%3) · attempts: %4 · %5 ms · %6 + %7 tokens%8</source>
        <translation>%1 — %2（%3） · 尝试次数：%4 · %5 毫秒 · %6 + %7 个词元%8</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation><numerusform>……另外还有 %n 条</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n error(s) in this run:</source>
        <translation><numerusform>本次运行有 %n 个错误：</numerusform></translation>
    </message>
    <message>
        <source>Reviewing…</source>
        <translation>正在评审…</translation>
    </message>
    <message>
        <source>%1 of %2 steps · %3 requests (%4 failed) · %5 tokens · %6 s</source>
        <translation>%1/%2 步 · %3 次请求（%4 次失败） · %5 个词元 · %6 秒</translation>
    </message>
    <message>
        <source>judge %1</source>
        <translation>评判 %1</translation>
    </message>
    <message>
        <source> · QA-Checker %1 %2 τ %3</source>
        <translation> · QA-Checker %1 %2 τ %3</translation>
    </message>
    <message>
        <source>QA-Checker score: %1 (τ %2) — %3</source>
        <translation>QA-Checker 评分：%1（τ %2）— %3</translation>
    </message>
    <message>
        <source>accepted</source>
        <translation>已接受</translation>
    </message>
    <message>
        <source>asked again</source>
        <translation>已重新提问</translation>
    </message>
    <message>
        <source>Additional instruction for turn %1: %2</source>
        <translation>第 %1 轮的附加指令：%2</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>备注：%1</translation>
    </message>
    <message>
        <source>the %1's instruction</source>
        <translation>%1 的指令</translation>
    </message>
    <message>
        <source>the %1's answer</source>
        <translation>%1 的回答</translation>
    </message>
    <message>
        <source>the QA-Checker's embeddings of the question and the answer</source>
        <translation>QA-Checker 对问题和回答的嵌入向量</translation>
    </message>
    <message>
        <source>the QA-Checker's rating</source>
        <translation>QA-Checker 的评分</translation>
    </message>
    <message>
        <source>Conversation: %1 (%2), %3 instructs %4 · turn %5 of at most %6 · %7</source>
        <translation>对话：%1（%2），%3 指导 %4 · 第 %5 轮，最多 %6 轮 · %7</translation>
    </message>
    <message>
        <source>Not supervised by the QA-Checker: it ends when the %1 says the task is done.</source>
        <translation>未受 QA-Checker 监督：%1 表示任务完成时结束。</translation>
    </message>
    <message>
        <source>QA-Checker: relevance %1 (embeddings), specificity %2, coherence %3 (connectives %4, coreference %5 rated by the model, answer pattern %6)</source>
        <translation>QA-Checker：相关性 %1（嵌入向量），具体性 %2，连贯性 %3（连接词 %4，模型评定的指代一致性 %5，回答格式 %6）</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>审查</translation>
    </message>
    <message>
        <source>[severity %1] %2</source>
        <translation>[严重度 %1] %2</translation>
    </message>
    <message>
        <source>[filtered at %1, severity %2] %3</source>
        <translation>[已在 %1 阶段过滤，严重度 %2] %3</translation>
    </message>
</context>
<context>
    <name>rd::PublishReviewDialog</name>
    <message>
        <source>Publish Review</source>
        <translation>发布评审</translation>
    </message>
    <message>
        <source>Accepted</source>
        <translation>已接受</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <source>Unsure</source>
        <translation>不确定</translation>
    </message>
    <message>
        <source>&amp;Comments I judged:</source>
        <translation>我评判为(&amp;C)：</translation>
    </message>
    <message>
        <source>Comment</source>
        <translation>评论</translation>
    </message>
    <message>
        <source>Request changes</source>
        <translation>要求修改</translation>
    </message>
    <message>
        <source>Approve</source>
        <translation>批准</translation>
    </message>
    <message>
        <source>GitHub: the review's event. GitLab: Approve approves the merge request. Gerrit: Code-Review -1 or +1.</source>
        <translation>GitHub：评审的事件。GitLab：“批准”会批准合并请求。Gerrit：Code-Review -1 或 +1。</translation>
    </message>
    <message>
        <source>&amp;Review:</source>
        <translation>评审(&amp;R)：</translation>
    </message>
    <message>
        <source>A line naming you and the number of comments</source>
        <translation>一行文字，写明你的名字和评论数</translation>
    </message>
    <message>
        <source>&amp;Summary:</source>
        <translation>总结(&amp;S)：</translation>
    </message>
    <message>
        <source>Sign each comment with its run and model (or its author)</source>
        <translation>在每条评论后注明其运行和模型（或作者）</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>What happens</source>
        <translation>将会如何</translation>
    </message>
    <message>
        <source>&amp;Publish</source>
        <translation>发布(&amp;P)</translation>
    </message>
    <message>
        <source>Nothing can be published.</source>
        <translation>没有可发布的内容。</translation>
    </message>
    <message>
        <source>%1 — as %2, at commit %3</source>
        <translation>%1 — 以 %2 的身份，提交 %3</translation>
    </message>
    <message>
        <source>Will be sent (%1)</source>
        <translation>将发送（%1）</translation>
    </message>
    <message>
        <source>new, with a suggested change</source>
        <translation>新增，附带建议修改</translation>
    </message>
    <message>
        <source>new</source>
        <translation>新</translation>
    </message>
    <message>
        <source>edited since published: updated on the host</source>
        <translation>发布后有修改：将在托管平台上更新</translation>
    </message>
    <message>
        <source>Already published (%1)</source>
        <translation>已发布（%1）</translation>
    </message>
    <message>
        <source>on the host as it reads now</source>
        <translation>已按当前内容出现在托管平台上</translation>
    </message>
    <message>
        <source>Not sent (%1)</source>
        <translation>不发送（%1）</translation>
    </message>
    <message>
        <source>Nothing new to publish: every selected comment is on the host as it reads now.</source>
        <translation>没有新的内容可发布：所选的每条评论都已按当前内容出现在托管平台上。</translation>
    </message>
    <message>
        <source>%1 new, %2 edited; %3 not sent.</source>
        <translation>新增 %1 条，修改 %2 条；%3 条不发送。</translation>
    </message>
    <message>
        <source>Publishing to %1…</source>
        <translation>正在发布到 %1…</translation>
    </message>
    <message>
        <source>Review Published</source>
        <translation>评审已发布</translation>
    </message>
    <message>
        <source>Review Not Published</source>
        <translation>评审未发布</translation>
    </message>
    <message>
        <source>Review Partly Published</source>
        <translation>评审部分发布</translation>
    </message>
    <message>
        <source>The review is on %1.</source>
        <translation>评审已发布到 %1。</translation>
    </message>
    <message>
        <source>Publishing stopped: %1</source>
        <translation>发布已停止：%1</translation>
    </message>
</context>
<context>
    <name>rd::PublishService</name>
    <message>
        <source>Open a workspace first: publishing sends the comments judged in it.</source>
        <translation>请先打开工作区：发布会发送其中已评判的评论。</translation>
    </message>
    <message>
        <source>Open a merge request of the workspace first.</source>
        <translation>请先打开工作区中的合并请求。</translation>
    </message>
    <message>
        <source>Choose who you are (the annotator) first: publishing sends that annotator's review.</source>
        <translation>请先选择你的身份（标注者）：发布会发送该标注者的评审。</translation>
    </message>
    <message>
        <source>the workspace was closed while publishing</source>
        <translation>发布过程中工作区已关闭</translation>
    </message>
</context>
<context>
    <name>rd::PullRequestOpener</name>
    <message>
        <source>Open or create a workspace first: the pull request and its comments are stored in it.</source>
        <translation>请先打开或新建工作区：拉取请求及其评论将保存在其中。</translation>
    </message>
    <message>
        <source>The workspace was closed while the pull request was fetched; nothing was stored.</source>
        <translation>获取拉取请求期间工作区已关闭；未保存任何内容。</translation>
    </message>
    <message>
        <source>Opened %1: %2.</source>
        <translation>已打开 %1：%2。</translation>
    </message>
    <message numerus="yes">
        <source>%n host comment(s) imported</source>
        <translation><numerusform>已导入 %n 条托管平台评论</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n stored before</source>
        <translation><numerusform>%n 条此前已保存</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n not on lines of this revision.</source>
        <translation><numerusform>%n 条不在此修订的行上。</numerusform></translation>
    </message>
    <message>
        <source>Revision %1 recorded: %2 comment(s) moved, %3 unchanged, %4 outdated.</source>
        <translation>已记录修订 %1：%2 条评论已移动，%3 条未变，%4 条已过时。</translation>
    </message>
</context>
<context>
    <name>rd::ResumeRunDialog</name>
    <message>
        <source>Resume Run</source>
        <translation>继续运行</translation>
    </message>
    <message>
        <source>Runs that did not finish. Resuming one asks only the requests its journal has no answer for.</source>
        <translation>未完成的运行。继续某个运行时，只会发送其日志中尚无回答的请求。</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Repository</source>
        <translation>仓库</translation>
    </message>
    <message>
        <source>Revisions</source>
        <translation>修订</translation>
    </message>
    <message>
        <source>Pipeline</source>
        <translation>流水线</translation>
    </message>
    <message>
        <source>Answers</source>
        <translation>回答数</translation>
    </message>
    <message>
        <source>From</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>No unfinished runs.</source>
        <translation>没有未完成的运行。</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>继续(&amp;R)</translation>
    </message>
    <message>
        <source>Unfinished</source>
        <translation>未完成</translation>
    </message>
    <message>
        <source>Damaged: %1</source>
        <translation>已损坏：%1</translation>
    </message>
    <message>
        <source>Running (process %1)</source>
        <translation>运行中（进程 %1）</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>Command line</source>
        <translation>命令行</translation>
    </message>
</context>
<context>
    <name>rd::RetrievalPanel</name>
    <message>
        <source>no context</source>
        <translation>无上下文</translation>
    </message>
    <message>
        <source>BM25 (SQLite FTS5)</source>
        <translation>BM25（SQLite FTS5）</translation>
    </message>
    <message>
        <source>embeddings</source>
        <translation>嵌入向量</translation>
    </message>
    <message>
        <source>agent with tools</source>
        <translation>带工具的智能体</translation>
    </message>
    <message>
        <source>Hunk / retrieved</source>
        <translation>代码块 / 检索结果</translation>
    </message>
    <message>
        <source>Lines</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <source>Retrieved context per hunk</source>
        <translation>每个代码块检索到的上下文</translation>
    </message>
    <message>
        <source>Choose a retrieved chunk or a tool call to see its text.</source>
        <translation>选择一个检索到的片段或一次工具调用以查看其文本。</translation>
    </message>
    <message>
        <source>No AACR run yet: run the AACR-Bench hunk review to see what each hunk was given.</source>
        <translation>尚无 AACR 运行：运行 AACR-Bench 代码块评审即可查看每个代码块获得的上下文。</translation>
    </message>
    <message>
        <source>Hunk / tool call</source>
        <translation>代码块 / 工具调用</translation>
    </message>
    <message>
        <source>Turn</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Context: %1. Hunks: %2, tool calls: %3 (at most %4 turns and %5 tokens per hunk).</source>
        <translation>上下文：%1。代码块：%2，工具调用：%3 次（每个代码块最多 %4 轮、%5 个词元）。</translation>
    </message>
    <message>
        <source>Context: %1. Hunks: %2, chunks retrieved: %3 (top %4 per hunk; chunks of %5 lines overlapping by %6).</source>
        <translation>上下文：%1。代码块：%2，检索到的片段：%3 个（每个代码块取前 %4 个；片段 %5 行，重叠 %6 行）。</translation>
    </message>
    <message>
        <source>%1 turns</source>
        <translation>%1 轮</translation>
    </message>
    <message>
        <source>turn %1</source>
        <translation>第 %1 轮</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <source>(nothing retrieved)</source>
        <translation>（未检索到内容）</translation>
    </message>
    <message>
        <source>%1, lines %2-%3, score %4</source>
        <translation>%1，第 %2-%3 行，得分 %4</translation>
    </message>
    <message>
        <source>agent over the whole pull request, with validation sub-agents</source>
        <translation>覆盖整个拉取请求的智能体，带验证子智能体</translation>
    </message>
    <message>
        <source>Conversation / tool call</source>
        <translation>对话 / 工具调用</translation>
    </message>
    <message>
        <source>Context: %1. Tool calls exploring: %2; findings validated: %3 (%4 confirmed, %5 dropped).</source>
        <translation>上下文：%1。探索时的工具调用：%2；已验证的发现：%3（%4 个确认，%5 个丢弃）。</translation>
    </message>
    <message>
        <source>explore the pull request</source>
        <translation>探索拉取请求</translation>
    </message>
    <message>
        <source>validate %1</source>
        <translation>验证 %1</translation>
    </message>
    <message>
        <source>no verdict</source>
        <translation>无结论</translation>
    </message>
    <message>
        <source>Explored the whole pull request: %1 turns, %2 tokens, ended: %3.</source>
        <translation>已探索整个拉取请求：%1 轮，%2 个词元，结束原因：%3。</translation>
    </message>
    <message>
        <source>%1: no verdict. %2</source>
        <translation>%1：无结论。%2</translation>
    </message>
</context>
<context>
    <name>rd::ReviewSession</name>
    <message>
        <source>no workspace is open</source>
        <translation>没有打开的工作区</translation>
    </message>
    <message>
        <source>The workspace could not be checked for damage: %1</source>
        <translation>无法检查工作区是否损坏：%1</translation>
    </message>
</context>
<context>
    <name>rd::RevisionService</name>
    <message>
        <source>no merge request of a workspace is open</source>
        <translation>没有打开工作区中的合并请求</translation>
    </message>
    <message>
        <source>choose two different revisions of the open merge request</source>
        <translation>请选择所打开合并请求的两个不同修订</translation>
    </message>
    <message>
        <source>Changes from revision %1 to %2</source>
        <translation>从修订 %1 到修订 %2 的改动</translation>
    </message>
    <message>
        <source>no workspace is open</source>
        <translation>没有打开的工作区</translation>
    </message>
    <message>
        <source>no annotator is set</source>
        <translation>尚未设置标注者</translation>
    </message>
</context>
<context>
    <name>rd::RevisionsPanel</name>
    <message>
        <source>Patch set</source>
        <translation>补丁集</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>头提交</translation>
    </message>
    <message>
        <source>Recorded</source>
        <translation>记录时间</translation>
    </message>
    <message>
        <source>Outdated comments</source>
        <translation>过时评论</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Revisions of the merge request</source>
        <translation>合并请求的修订</translation>
    </message>
    <message>
        <source>Show Changes Between</source>
        <translation>显示两者之间的改动</translation>
    </message>
    <message>
        <source>Select two revisions to see what changed from the older one's head to the newer one's.</source>
        <translation>选择两个修订，查看从较旧修订的头提交到较新修订的头提交之间的改动。</translation>
    </message>
    <message>
        <source>Back to the Merge Request</source>
        <translation>返回合并请求</translation>
    </message>
    <message>
        <source>Cannot Show the Merge Request</source>
        <translation>无法显示合并请求</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头提交 %1</translation>
    </message>
    <message>
        <source>base %1</source>
        <translation>基准 %1</translation>
    </message>
    <message>
        <source>merge base %1</source>
        <translation>合并基准 %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>as written: %1 → %2</source>
        <translation>原始写法：%1 → %2</translation>
    </message>
    <message>
        <source>initial</source>
        <translation>初始</translation>
    </message>
    <message>
        <source>update</source>
        <translation>更新</translation>
    </message>
    <message>
        <source>The diff shows the changes from revision %1 to revision %2.</source>
        <translation>差异视图显示从修订 %1 到修订 %2 的改动。</translation>
    </message>
    <message>
        <source>No revisions: open a merge request of a workspace whose code is here.</source>
        <translation>没有修订：请打开工作区中代码在本机的合并请求。</translation>
    </message>
    <message numerus="yes">
        <source>%n revision(s); the newest is current. Review ▸ Refresh Merge Request (F5) records the author's new commits.</source>
        <translation><numerusform>%n 个修订；最新的为当前修订。审查 ▸ 刷新合并请求（F5）会记录作者的新提交。</numerusform></translation>
    </message>
    <message>
        <source>Cannot Show the Changes</source>
        <translation>无法显示改动</translation>
    </message>
</context>
<context>
    <name>rd::RunDialog</name>
    <message>
        <source>Run Review</source>
        <translation>运行审查</translation>
    </message>
    <message>
        <source>Paper's best: Left Flow, 3 reviewers, top-5, meta-reviewer, validator</source>
        <translation>论文最佳：左值流、3 名审查者、前 5、元审查者、验证者</translation>
    </message>
    <message>
        <source>Quick: one reviewer</source>
        <translation>快速：一名审查者</translation>
    </message>
    <message>
        <source>Demo: replay of recorded answers (offline)</source>
        <translation>演示：回放已录制的回答（离线）</translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation>预设(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Endpoint:</source>
        <translation>端点(&amp;E)：</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <source>e.g. OPENAI_API_KEY (the key itself is never stored)</source>
        <translation>例如 OPENAI_API_KEY（密钥本身从不保存）</translation>
    </message>
    <message>
        <source>API key &amp;variable:</source>
        <translation>API 密钥变量(&amp;V)：</translation>
    </message>
    <message>
        <source>&amp;Temperature:</source>
        <translation>温度(&amp;T)：</translation>
    </message>
    <message>
        <source>Test Connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <source>&amp;Slicing:</source>
        <translation>切片(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Reviewers:</source>
        <translation>审查者(&amp;R)：</translation>
    </message>
    <message>
        <source>Top-&amp;k per reviewer:</source>
        <translation>每名审查者前 k 条(&amp;K)：</translation>
    </message>
    <message>
        <source>Meta-reviewer merges and keeps what two reviewers agree on</source>
        <translation>元审查者合并评论，并保留两名审查者都认可的内容</translation>
    </message>
    <message>
        <source>Validator re-checks every comment</source>
        <translation>验证者复查每条评论</translation>
    </message>
    <message>
        <source>Chain-of-thought prompts</source>
        <translation>思维链提示</translation>
    </message>
    <message>
        <source>empty: no translation</source>
        <translation>留空：不翻译</translation>
    </message>
    <message>
        <source>Translate &amp;into:</source>
        <translation>翻译为(&amp;I)：</translation>
    </message>
    <message>
        <source>Load Configuration…</source>
        <translation>加载配置…</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>The demo's recorded answers are replayed; no model is called.</source>
        <translation>回放演示的已录制回答；不调用任何模型。</translation>
    </message>
    <message>
        <source>Asking %1 for its models…</source>
        <translation>正在向 %1 查询模型…</translation>
    </message>
    <message>
        <source>Connected, but the endpoint lists no models.</source>
        <translation>已连接，但端点没有列出任何模型。</translation>
    </message>
    <message>
        <source>Cannot connect: %1</source>
        <translation>无法连接：%1</translation>
    </message>
    <message>
        <source>Connected; models: %1</source>
        <translation>已连接；模型：%1</translation>
    </message>
    <message>
        <source>Load Run Configuration</source>
        <translation>加载运行配置</translation>
    </message>
    <message>
        <source>Run configuration (*.json)</source>
        <translation>运行配置 (*.json)</translation>
    </message>
    <message>
        <source>Cannot read %1</source>
        <translation>无法读取 %1</translation>
    </message>
    <message>
        <source>Using %1 (per-role endpoints)</source>
        <translation>使用 %1（按角色的端点）</translation>
    </message>
    <message>
        <source>The slices are still being computed.</source>
        <translation>切片仍在计算中。</translation>
    </message>
    <message>
        <source>Estimated tokens a slice may hold; a larger slice keeps the context nearest to its changes.</source>
        <translation>每个切片可容纳的估计令牌数；更大的切片保留最靠近其变更的上下文。</translation>
    </message>
    <message>
        <source>Token &amp;budget:</source>
        <translation>令牌预算(&amp;B)：</translation>
    </message>
    <message>
        <source>CQS: issue collector and judge, threshold and per-tag rules</source>
        <translation>CQS：问题收集器与评判器、阈值和按标签规则</translation>
    </message>
    <message>
        <source>CodeAgent: four tasks supervised by the QA-Checker</source>
        <translation>CodeAgent：由 QA-Checker 监督的四项任务</translation>
    </message>
    <message>
        <source>Demo: CQS replay (offline)</source>
        <translation>演示：CQS 回放（离线）</translation>
    </message>
    <message>
        <source>Demo: CodeAgent replay (offline)</source>
        <translation>演示：CodeAgent 回放（离线）</translation>
    </message>
    <message>
        <source>Defect-focused: reviewers, meta-reviewer, validator</source>
        <translation>缺陷导向：评审者、元评审者、验证者</translation>
    </message>
    <message>
        <source>CQS: issue collector and issue judge</source>
        <translation>CQS：问题收集器与问题评判器</translation>
    </message>
    <message>
        <source>CodeAgent: role conversations with the QA-Checker</source>
        <translation>CodeAgent：由 QA-Checker 监督的角色对话</translation>
    </message>
    <message>
        <source>P&amp;ipeline:</source>
        <translation>流水线(&amp;I)：</translation>
    </message>
    <message>
        <source>CQS post-processing</source>
        <translation>CQS 后处理</translation>
    </message>
    <message>
        <source>Issues the judge scores below this (0 to 10) are dropped.</source>
        <translation>评判分数（0 到 10）低于此值的问题将被丢弃。</translation>
    </message>
    <message>
        <source>Judge score &amp;threshold:</source>
        <translation>评判分数阈值(&amp;T)：</translation>
    </message>
    <message>
        <source>Tag</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>On</source>
        <translation>启用</translation>
    </message>
    <message>
        <source>Min. score</source>
        <translation>最低分</translation>
    </message>
    <message>
        <source>Per-tag rules: a tag can be switched off or need a higher score, in every language or in one (cpp, c, python, java, go, ...). A rule naming the language wins.</source>
        <translation>按标签规则：可在所有语言或某一种语言（cpp、c、python、java、go 等）中关闭某个标签或要求更高分数。指定语言的规则优先。</translation>
    </message>
    <message>
        <source>Add Rule</source>
        <translation>添加规则</translation>
    </message>
    <message>
        <source>Remove Rule</source>
        <translation>删除规则</translation>
    </message>
    <message>
        <source>CodeAgent</source>
        <translation>CodeAgent</translation>
    </message>
    <message>
        <source>Commit message consistency</source>
        <translation>提交信息一致性</translation>
    </message>
    <message>
        <source>Vulnerability</source>
        <translation>漏洞</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Code revision</source>
        <translation>代码修订</translation>
    </message>
    <message>
        <source>Tasks:</source>
        <translation>任务：</translation>
    </message>
    <message>
        <source>An answer the QA-Checker scores below τ (0 to 10) is asked again with its additional instruction.</source>
        <translation>QA-Checker 评分（0 到 10）低于 τ 的回答会附上其附加指令重新提问。</translation>
    </message>
    <message>
        <source>Threshold &amp;τ:</source>
        <translation>阈值 &amp;τ：</translation>
    </message>
    <message>
        <source>Max. &amp;turns:</source>
        <translation>最大轮数(&amp;T)：</translation>
    </message>
    <message>
        <source>AACR-Bench: hunk review, no context</source>
        <translation>AACR-Bench：逐块评审，无上下文</translation>
    </message>
    <message>
        <source>AACR-Bench: hunk review, BM25 top-3 context</source>
        <translation>AACR-Bench：逐块评审，BM25 前 3 个上下文</translation>
    </message>
    <message>
        <source>AACR-Bench: hunk review, embedding top-3 context</source>
        <translation>AACR-Bench：逐块评审，嵌入向量前 3 个上下文</translation>
    </message>
    <message>
        <source>AACR-Bench: hunk review, agent with repository tools</source>
        <translation>AACR-Bench：逐块评审，使用仓库工具的智能体</translation>
    </message>
    <message>
        <source>Demo: AACR replay, no context (offline)</source>
        <translation>演示：AACR 回放，无上下文（离线）</translation>
    </message>
    <message>
        <source>Demo: AACR replay, BM25 context (offline)</source>
        <translation>演示：AACR 回放，BM25 上下文（离线）</translation>
    </message>
    <message>
        <source>Demo: AACR replay, embedding context (offline)</source>
        <translation>演示：AACR 回放，嵌入向量上下文（离线）</translation>
    </message>
    <message>
        <source>Demo: AACR replay, agent context (offline)</source>
        <translation>演示：AACR 回放，智能体上下文（离线）</translation>
    </message>
    <message>
        <source>AACR-Bench: one review per hunk, with retrieved context</source>
        <translation>AACR-Bench：每个代码块一次评审，附带检索到的上下文</translation>
    </message>
    <message>
        <source>AACR-Bench hunk review</source>
        <translation>AACR-Bench 逐块评审</translation>
    </message>
    <message>
        <source>None: the PR title, description and hunk only</source>
        <translation>无：仅 PR 标题、描述和代码块</translation>
    </message>
    <message>
        <source>BM25: top chunks of the head revision (SQLite FTS5)</source>
        <translation>BM25：头部修订中排名最高的片段（SQLite FTS5）</translation>
    </message>
    <message>
        <source>Embedding: nearest chunks by /v1/embeddings vectors</source>
        <translation>嵌入：按 /v1/embeddings 向量最近的片段</translation>
    </message>
    <message>
        <source>Agent: the model reads, searches and lists the repository itself</source>
        <translation>智能体：由模型自行读取、搜索和列出仓库内容</translation>
    </message>
    <message>
        <source>C&amp;ontext:</source>
        <translation>上下文(&amp;O)：</translation>
    </message>
    <message>
        <source>Chunks per &amp;hunk:</source>
        <translation>每个代码块的片段数(&amp;H)：</translation>
    </message>
    <message>
        <source>Requests per hunk in which the agent may call tools; then it must answer.</source>
        <translation>每个代码块中智能体可调用工具的请求次数；之后必须作答。</translation>
    </message>
    <message>
        <source>Agent t&amp;urns:</source>
        <translation>智能体轮数(&amp;U)：</translation>
    </message>
    <message>
        <source>The embeddings model, asked at the endpoint above.</source>
        <translation>嵌入模型，通过上面的端点请求。</translation>
    </message>
    <message>
        <source>Embedding mo&amp;del:</source>
        <translation>嵌入模型(&amp;D)：</translation>
    </message>
    <message>
        <source>Agent over the whole pull request: explores, then a sub-agent confirms or drops each finding</source>
        <translation>覆盖整个拉取请求的智能体：先探索，再由子智能体确认或丢弃每个发现</translation>
    </message>
    <message>
        <source>The QA-Checker supervises the Code Review and Code Alignment conversations</source>
        <translation>QA-Checker 监督代码审查与代码对齐阶段的对话</translation>
    </message>
    <message>
        <source>Turns of each conversation (an instruction and its answer); the paper's limit is 10.</source>
        <translation>每个对话的轮数（一条指令及其回答）；论文的上限为 10。</translation>
    </message>
    <message>
        <source>The embeddings model, asked at the endpoint above: the QA-Checker's relevance is the cosine similarity of the question's and the answer's embeddings.</source>
        <translation>嵌入模型，通过上面的端点调用：QA-Checker 的相关性是问题与回答嵌入向量的余弦相似度。</translation>
    </message>
    <message>
        <source>QA-Checker &amp;embeddings:</source>
        <translation>QA-Checker 嵌入模型(&amp;E)：</translation>
    </message>
    <message numerus="yes">
        <source>%n slice(s) of %1 to review, about %2 tokens of code</source>
        <translation><numerusform>将审查 %n 个 %1 切片，约 %2 个代码词元</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::RunService</name>
    <message>
        <source>Slicing failed; the review was not started.</source>
        <translation>切片失败；审查未启动。</translation>
    </message>
    <message>
        <source>no merge request is open</source>
        <translation>没有打开的合并请求</translation>
    </message>
    <message>
        <source>A review is waiting for its slices; start the next one when it runs.</source>
        <translation>有一个评审正在等待切片；请在它开始运行后再启动下一个。</translation>
    </message>
    <message>
        <source>The slices are still being computed; run the review in a moment.</source>
        <translation>切片仍在计算中；请稍后再运行审查。</translation>
    </message>
    <message>
        <source>Other reviews are running on these slices; a run with another token budget can start when they are done.</source>
        <translation>其他评审正在使用这些切片运行；使用不同令牌预算的运行需等它们完成后才能开始。</translation>
    </message>
    <message>
        <source>The review was not started: %1</source>
        <translation>评审未启动：%1</translation>
    </message>
    <message>
        <source>The review could not be started.</source>
        <translation>无法启动评审。</translation>
    </message>
    <message>
        <source>The run journal %1 could not be marked finished.</source>
        <translation>无法将运行日志 %1 标记为已完成。</translation>
    </message>
    <message>
        <source>the open merge request has no repository to note in a run journal</source>
        <translation>当前打开的合并请求没有可记入运行日志的仓库</translation>
    </message>
    <message>
        <source>Another review is running; resume this run when it has finished.</source>
        <translation>另一个评审正在运行；请在其结束后再继续此运行。</translation>
    </message>
    <message>
        <source>A merge request is being opened; resume this run when it is open.</source>
        <translation>正在打开一个合并请求；请在其打开后再继续此运行。</translation>
    </message>
    <message>
        <source>%1 is not the journal of a review run: %2</source>
        <translation>%1 不是评审运行的日志：%2</translation>
    </message>
    <message>
        <source>The run of %1 has finished; there is nothing to resume.</source>
        <translation>%1 的运行已完成；没有需要继续的内容。</translation>
    </message>
    <message>
        <source>The configuration in %1 cannot be read: %2</source>
        <translation>无法读取 %1 中的配置：%2</translation>
    </message>
    <message>
        <source>The recording %1 this run replays is gone.</source>
        <translation>此运行回放的录制文件 %1 已不存在。</translation>
    </message>
    <message>
        <source>The repository %1 of this run is gone.</source>
        <translation>此运行的仓库 %1 已不存在。</translation>
    </message>
    <message>
        <source>The repository %1 of this run cannot be opened: %2</source>
        <translation>无法打开此运行的仓库 %1：%2</translation>
    </message>
    <message>
        <source>The revision %1 of this run is missing from %2: %3</source>
        <translation>%2 中缺少此运行的修订 %1：%3</translation>
    </message>
</context>
<context>
    <name>rd::RunsPanel</name>
    <message>
        <source>%1, replayed</source>
        <translation>%1，回放</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Endpoints</source>
        <translation>端点</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <source>Requests · tokens</source>
        <translation>请求 · 令牌</translation>
    </message>
    <message>
        <source>Review runs under way</source>
        <translation>进行中的评审运行</translation>
    </message>
    <message>
        <source>No review is running. Runs started from Run Review appear here, each with its progress.</source>
        <translation>没有正在运行的评审。从“运行评审”启动的运行会显示在这里，并附带各自的进度。</translation>
    </message>
    <message numerus="yes">
        <source>%n review run(s) under way.</source>
        <translation><numerusform>%n 个评审运行正在进行。</numerusform></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Cancel the %1 run</source>
        <translation>取消 %1 运行</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
</context>
<context>
    <name>rd::ServerWorkspaceDialog</name>
    <message>
        <source>Open Workspace on a Server</source>
        <translation>打开服务器上的工作区</translation>
    </message>
    <message>
        <source>Make the workspace there if the database is empty</source>
        <translation>如果数据库为空，则在其中创建工作区</translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation>主机(&amp;H)：</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>端口(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Database:</source>
        <translation>数据库(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>用户(&amp;U)：</translation>
    </message>
    <message>
        <source>from PGPASSWORD, ~/.pgpass or the keyring</source>
        <translation>来自 PGPASSWORD、~/.pgpass 或密钥环</translation>
    </message>
    <message>
        <source>Remember in keyring</source>
        <translation>记住到密钥环</translation>
    </message>
    <message>
        <source>Without a password here, it is read from the PGPASSWORD variable, from ~/.pgpass or from your keyring. ReviewDesk never writes it into the workspace, its settings or a log.</source>
        <translation>此处不填密码时，将从 PGPASSWORD 变量、~/.pgpass 或您的密钥环读取。ReviewDesk 绝不会将其写入工作区、设置或日志。</translation>
    </message>
    <message>
        <source>Pass&amp;word:</source>
        <translation>密码(&amp;W)：</translation>
    </message>
    <message>
        <source>%1. The password is used until ReviewDesk is closed.</source>
        <translation>%1。此密码将一直使用到 ReviewDesk 关闭。</translation>
    </message>
</context>
<context>
    <name>rd::ShortcutSettings</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Select a command and press its new key. A key can belong to one command only.</source>
        <translation>选择一个命令并按下新的按键。一个按键只能属于一个命令。</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>%1 is already the key of “%2”. Choose another key, or change that command first.</source>
        <translation>%1 已是“%2”的按键。请换一个按键，或先修改那个命令。</translation>
    </message>
</context>
<context>
    <name>rd::ShortcutSheet</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Judging</source>
        <translation>评判</translation>
    </message>
    <message>
        <source>Second keys</source>
        <translation>第二个按键</translation>
    </message>
    <message>
        <source>after Q1, Q2 or Q3: the score (the model's score is shown beside)</source>
        <translation>在 Q1、Q2 或 Q3 之后：分数（旁边显示模型的分数）</translation>
    </message>
    <message>
        <source>after Category: %1</source>
        <translation>在类别之后：%1</translation>
    </message>
    <message>
        <source>after Context Level: %1, %2, %3</source>
        <translation>在上下文级别之后：%1、%2、%3</translation>
    </message>
    <message>
        <source>after Tag: %1; 0 another tag, typed</source>
        <translation>在标签之后：%1；0 输入其他标签</translation>
    </message>
    <message>
        <source>cancels a decision waiting for its second key</source>
        <translation>取消正在等待第二个按键的决定</translation>
    </message>
    <message>
        <source>Shift+Up / Shift+Down</source>
        <translation>Shift+Up / Shift+Down</translation>
    </message>
    <message>
        <source>in the diff: select lines for a new comment (or drag over the line numbers)</source>
        <translation>在差异中：为新评论选择行（或在行号上拖动）</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>Change any key in Judge ▸ Keyboard Shortcuts…</source>
        <translation>可在“评判 ▸ 键盘快捷键设置…”中修改任意按键。</translation>
    </message>
</context>
<context>
    <name>rd::SlicePanel</name>
    <message>
        <source>Original Diff</source>
        <translation>原始差异</translation>
    </message>
    <message>
        <source>Parent Function</source>
        <translation>父函数</translation>
    </message>
    <message>
        <source>Left Flow</source>
        <translation>左值流</translation>
    </message>
    <message>
        <source>Full Flow</source>
        <translation>完整数据流</translation>
    </message>
    <message>
        <source>Slices:</source>
        <translation>切片：</translation>
    </message>
    <message>
        <source>Line numbers:</source>
        <translation>行号：</translation>
    </message>
    <message>
        <source>inline</source>
        <translation>内联</translation>
    </message>
    <message>
        <source>relative</source>
        <translation>相对</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Copy Text</source>
        <translation>复制文本</translation>
    </message>
    <message>
        <source>Code this slice brings in from elsewhere; double-click to open it</source>
        <translation>此切片从其他位置引入的代码；双击打开</translation>
    </message>
    <message>
        <source>No merge request.</source>
        <translation>没有合并请求。</translation>
    </message>
    <message>
        <source>%1 · lines %2%3</source>
        <translation>%1 · 第 %2 行%3</translation>
    </message>
    <message>
        <source> (old version)</source>
        <translation>（旧版本）</translation>
    </message>
    <message>
        <source>No slice of the shown kinds touches this file.</source>
        <translation>所选类型的切片均不涉及此文件。</translation>
    </message>
    <message>
        <source>%1:%2 — %3</source>
        <translation>%1:%2 — %3</translation>
    </message>
    <message numerus="yes">
        <source>About %n token(s)</source>
        <translation><numerusform>约 %n 个词元</numerusform></translation>
    </message>
    <message>
        <source>parsed with libclang: %1, parser errors tolerated: %2</source>
        <translation>libclang 已解析：%1，已容忍的解析错误：%2</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be read</source>
        <translation><numerusform>%n 个文件无法读取</numerusform></translation>
    </message>
    <message>
        <source>Code brought in from elsewhere:</source>
        <translation>从别处引入的代码：</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message numerus="yes">
        <source>%n slice(s) in this merge request (%1)</source>
        <translation><numerusform>此合并请求共有 %n 个切片（%1）</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::TeamCardText</name>
    <message>
        <source>severity %1</source>
        <translation>严重程度 %1</translation>
    </message>
    <message>
        <source>key bug</source>
        <translation>关键缺陷</translation>
    </message>
    <message>
        <source>no label</source>
        <translation>无标签</translation>
    </message>
    <message>
        <source>verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>context level</source>
        <translation>上下文级别</translation>
    </message>
    <message>
        <source>severity (±1)</source>
        <translation>严重程度（±1）</translation>
    </message>
    <message>
        <source>not judged yet</source>
        <translation>尚未评判</translation>
    </message>
    <message>
        <source>judged by one annotator; waits for a second</source>
        <translation>已由一位标注者评判；等待第二位</translation>
    </message>
    <message>
        <source>final (agreed): %1</source>
        <translation>最终（一致）：%1</translation>
    </message>
    <message>
        <source>annotators disagree on %1: waits for adjudication</source>
        <translation>标注者在%1上有分歧：等待裁决</translation>
    </message>
    <message>
        <source>final (adjudicated by %1): %2 — %3</source>
        <translation>最终（由 %1 裁决）：%2 — %3</translation>
    </message>
    <message numerus="yes">
        <source>Judged as one group of %n near-duplicates (each keeps the judgement):</source>
        <translation><numerusform>作为 %n 条近似重复评论的一组来评判（每条都保存该评判）：</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>One of %n near-duplicates (judged one by one):</source>
        <translation><numerusform>%n 条近似重复评论之一（逐条评判）：</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>Blind mode: %n other judgement(s) hidden until you give a verdict.</source>
        <translation><numerusform>盲评模式：在你给出结论之前，隐藏了 %n 条他人的评判。</numerusform></translation>
    </message>
</context>
<context>
    <name>rd::TeamService</name>
    <message>
        <source>no workspace is open</source>
        <translation>没有打开的工作区</translation>
    </message>
    <message>
        <source>choose an annotator before adjudicating</source>
        <translation>裁决前请先选择标注者</translation>
    </message>
</context>
<context>
    <name>rd::TeamWorkbench</name>
    <message>
        <source>Next &amp;Unjudged in My Queue</source>
        <translation>我的队列中下一条未评判(&amp;U)</translation>
    </message>
    <message>
        <source>Annotator &amp;Agreement…</source>
        <translation>标注者一致性(&amp;A)…</translation>
    </message>
    <message>
        <source>A&amp;djudication…</source>
        <translation>裁决(&amp;D)…</translation>
    </message>
    <message>
        <source>&amp;Team Settings…</source>
        <translation>团队设置(&amp;T)…</translation>
    </message>
    <message numerus="yes">
        <source>%n disagreement(s) to adjudicate</source>
        <translation><numerusform>%n 处分歧待裁决</numerusform></translation>
    </message>
    <message>
        <source>Choose your name first (judge a comment).</source>
        <translation>请先选择你的名字（评判一条评论）。</translation>
    </message>
    <message>
        <source>Your queue is empty: every comment assigned to you has your verdict.</source>
        <translation>你的队列已空：分配给你的每条评论都已有你的结论。</translation>
    </message>
    <message>
        <source>Team Settings</source>
        <translation>团队设置</translation>
    </message>
    <message>
        <source>Blind mode: hide other annotators' judgements of a comment until I have judged it</source>
        <translation>盲评模式：在我评判某条评论之前，隐藏其他标注者对它的评判</translation>
    </message>
    <message>
        <source>Judge near-duplicate comments as one group</source>
        <translation>将近似重复的评论作为一组评判</translation>
    </message>
    <message>
        <source>Text similarity for near-duplicates</source>
        <translation>近似重复的文本相似度</translation>
    </message>
    <message>
        <source>Near-duplicates: the same file and side, overlapping or adjacent lines, and issue texts whose word sets overlap at least this much (Jaccard: shared words / all words).</source>
        <translation>近似重复：同一文件和同一侧，行范围重叠或相邻，且问题描述的词集重合度至少达到该值（Jaccard：共有词数 / 全部词数）。</translation>
    </message>
</context>
<context>
    <name>rd::TriageAnswerList</name>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Yes: a real issue</source>
        <translation>是：真实问题</translation>
    </message>
    <message>
        <source>No</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Unsure</source>
        <translation>不确定</translation>
    </message>
    <message>
        <source>Answer Triage — %1</source>
        <translation>回答分诊 — %1</translation>
    </message>
    <message>
        <source>Each comment was judged a false positive against the imported ground truth. Is it a real issue the ground truth misses? Y: yes · N: no · U: unsure · Shift+Y / Shift+N / Shift+U: answer and go on · Ctrl+Z: undo · Up/Down: choose a comment. You answer blind: the other annotators' answers are not shown.</source>
        <translation>每条评论相对导入的基准真值被判为误报。它是基准真值遗漏的真实问题吗？Y：是 · N：否 · U：不确定 · Shift+Y / Shift+N / Shift+U：回答并继续 · Ctrl+Z：撤销 · 上/下：选择评论。你是盲审：不显示其他标注者的回答。</translation>
    </message>
    <message>
        <source>Merge request</source>
        <translation>合并请求</translation>
    </message>
    <message>
        <source>Place</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Comment</source>
        <translation>评论</translation>
    </message>
    <message>
        <source>Your answer</source>
        <translation>你的回答</translation>
    </message>
    <message>
        <source>Yes, a real issue (Y)</source>
        <translation>是，真实问题 (Y)</translation>
    </message>
    <message>
        <source>No (N)</source>
        <translation>否 (N)</translation>
    </message>
    <message>
        <source>Unsure (U)</source>
        <translation>不确定 (U)</translation>
    </message>
    <message>
        <source>Nothing in the triage queue for %1: no comment is queued, or every one is assigned to others.</source>
        <translation>分诊队列中没有 %1 要回答的评论：没有评论入队，或都已分配给他人。</translation>
    </message>
    <message>
        <source>Comment %1 of %2 · %3 answered by %4</source>
        <translation>第 %1 条，共 %2 条 · %4 已回答 %3 条</translation>
    </message>
    <message>
        <source>&lt;h3&gt;A real issue the ground truth misses?&lt;/h3&gt;&lt;p&gt;&lt;i&gt;%1&lt;/i&gt; · %2 · written by %3&lt;/p&gt;&lt;p&gt;%4&lt;/p&gt;&lt;p&gt;&lt;b&gt;Your answer:&lt;/b&gt; %5&lt;/p&gt;</source>
        <translation>&lt;h3&gt;基准真值遗漏的真实问题？&lt;/h3&gt;&lt;p&gt;&lt;i&gt;%1&lt;/i&gt; · %2 · 由 %3 撰写&lt;/p&gt;&lt;p&gt;%4&lt;/p&gt;&lt;p&gt;&lt;b&gt;你的回答：&lt;/b&gt;%5&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Not stored: %1</source>
        <translation>未保存：%1</translation>
    </message>
</context>
<context>
    <name>rd::UnreviewedMarks</name>
    <message>
        <source>Run %1 (%2): %3</source>
        <translation>运行 %1（%2）：%3</translation>
    </message>
</context>
<context>
    <name>rd::WorkspaceActions</name>
    <message>
        <source>&amp;New Workspace…</source>
        <translation>新建工作区(&amp;N)…</translation>
    </message>
    <message>
        <source>New Workspace</source>
        <translation>新建工作区</translation>
    </message>
    <message>
        <source>%1 exists already; it is opened, not replaced.</source>
        <translation>%1 已存在；将打开它而不是替换。</translation>
    </message>
    <message>
        <source>Open &amp;Workspace…</source>
        <translation>打开工作区(&amp;W)…</translation>
    </message>
    <message>
        <source>Open Workspace</source>
        <translation>打开工作区</translation>
    </message>
    <message>
        <source>Recent Wor&amp;kspaces</source>
        <translation>最近的工作区(&amp;K)</translation>
    </message>
    <message>
        <source>Cannot Open Workspace</source>
        <translation>无法打开工作区</translation>
    </message>
    <message>
        <source>ReviewDesk could not open the workspace %1.</source>
        <translation>ReviewDesk 无法打开工作区 %1。</translation>
    </message>
    <message>
        <source>ReviewDesk workspaces (*.rdw);;All files (*)</source>
        <translation>ReviewDesk 工作区 (*.rdw);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open Workspace on a &amp;Server…</source>
        <translation>在服务器上打开工作区(&amp;S)…</translation>
    </message>
    <message>
        <source>ReviewDesk closed the workspace: it is damaged.</source>
        <translation>ReviewDesk 已关闭该工作区：它已损坏。</translation>
    </message>
</context>
<context>
    <name>rd::hosts</name>
    <message>
        <source>GitHub pull request %1#%2</source>
        <translation>GitHub 拉取请求 %1#%2</translation>
    </message>
    <message>
        <source>GitLab merge request %1!%2 on %3</source>
        <translation>%3 上的 GitLab 合并请求 %1!%2</translation>
    </message>
    <message>
        <source>Gerrit change %1 of %2 on %3</source>
        <translation>%3 上 %2 的 Gerrit 变更 %1</translation>
    </message>
    <message>
        <source>%1 is not a pull request address (%2); ReviewDesk reads https://github.com/OWNER/REPO/pull/N, https://HOST/GROUP/PROJECT/-/merge_requests/N and https://HOST/c/PROJECT/+/N[/PATCHSET]</source>
        <translation>%1 不是拉取请求地址（%2）；ReviewDesk 能读取 https://github.com/OWNER/REPO/pull/N、https://HOST/GROUP/PROJECT/-/merge_requests/N 和 https://HOST/c/PROJECT/+/N[/PATCHSET]</translation>
    </message>
    <message>
        <source>not a web address</source>
        <translation>不是网址</translation>
    </message>
    <message>
        <source>the scheme must be https or http</source>
        <translation>协议必须是 https 或 http</translation>
    </message>
    <message>
        <source>the API address %1 is not an http(s) address</source>
        <translation>API 地址 %1 不是 http(s) 地址</translation>
    </message>
    <message>
        <source>patch set %1 is not a positive number</source>
        <translation>补丁集 %1 不是正数</translation>
    </message>
    <message>
        <source>its path is none of these shapes</source>
        <translation>其路径不属于以下任何形式</translation>
    </message>
    <message>
        <source>the number must be a positive whole number</source>
        <translation>编号必须是正整数</translation>
    </message>
    <message>
        <source>%1: %2: the answer is larger than %3 MiB; ReviewDesk stopped reading it</source>
        <translation>%1：%2：响应超过 %3 MiB；ReviewDesk 已停止读取</translation>
    </message>
    <message>
        <source>%1: %2: no answer (%3)</source>
        <translation>%1：%2：无响应（%3）</translation>
    </message>
    <message>
        <source>%1: %2: rate limit reached; the host allows more requests at %3 (in %4 s), later than ReviewDesk waits (%5 s). Try again then, or use a token</source>
        <translation>%1：%2：已达到速率限制；主机将在 %3（%4 秒后）允许更多请求，超过 ReviewDesk 的等待时间（%5 秒）。请届时重试，或使用令牌</translation>
    </message>
    <message>
        <source>%1 asks to wait %2 s (rate limit) before %3</source>
        <translation>%1 要求在 %3 之前等待 %2 秒（速率限制）</translation>
    </message>
    <message>
        <source>not signed in: set %1 or put a token in the keyring</source>
        <translation>未登录：请设置 %1 或将令牌存入密钥环</translation>
    </message>
    <message>
        <source>the token from %1 was refused</source>
        <translation>来自 %1 的令牌被拒绝</translation>
    </message>
    <message>
        <source>forbidden</source>
        <translation>禁止访问</translation>
    </message>
    <message>
        <source>not found (or private: no token was sent)</source>
        <translation>未找到（或为私有：未发送令牌）</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>conflict</source>
        <translation>冲突</translation>
    </message>
    <message>
        <source>the host refused the request's content</source>
        <translation>主机拒绝了请求的内容</translation>
    </message>
    <message>
        <source>rate limit reached</source>
        <translation>已达到速率限制</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>%1: %2: HTTP %3, %4%5</source>
        <translation>%1：%2：HTTP %3，%4%5</translation>
    </message>
    <message>
        <source>%1: %2 %3: the answer is not JSON: %4</source>
        <translation>%1：%2 %3：响应不是 JSON：%4</translation>
    </message>
    <message>
        <source>%1: GET %2: expected a list, the answer is %3</source>
        <translation>%1：GET %2：应为列表，响应为 %3</translation>
    </message>
    <message>
        <source>%1: GET %2: the next page is on another server (%3); ReviewDesk does not follow it</source>
        <translation>%1：GET %2：下一页位于另一台服务器（%3）；ReviewDesk 不会跟随</translation>
    </message>
    <message>
        <source>%1: GET %2: the next page %3 is outside the API</source>
        <translation>%1：GET %2：下一页 %3 不在 API 范围内</translation>
    </message>
    <message>
        <source>%1: GET %2: more than %3 pages; ReviewDesk stopped there</source>
        <translation>%1：GET %2：超过 %3 页；ReviewDesk 已在此停止</translation>
    </message>
    <message>
        <source>the keyring</source>
        <translation>密钥环</translation>
    </message>
    <message>
        <source>old</source>
        <translation>旧</translation>
    </message>
    <message>
        <source>new</source>
        <translation>新</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>lines %1-%2</source>
        <translation>第 %1-%2 行</translation>
    </message>
    <message>
        <source>merge request %1 has no code in this workspace (imported without its repository): its diff, which says where comments may go, cannot be read</source>
        <translation>合并请求 %1 在此工作区中没有代码（导入时未带仓库）：无法读取其差异，也就无法判断评论可以放在哪里</translation>
    </message>
    <message>
        <source>it is not placed at lines of its file</source>
        <translation>它未定位到文件中的行</translation>
    </message>
    <message>
        <source>%1 has no %2 side in the merge request's diff</source>
        <translation>%1 在合并请求的差异中没有%2侧</translation>
    </message>
    <message>
        <source>%1 is not among the merge request's changed files</source>
        <translation>%1 不在合并请求改动的文件中</translation>
    </message>
    <message>
        <source>%1 has no lines in the diff (binary, or only its mode changed)</source>
        <translation>%1 在差异中没有行（二进制文件，或仅改变了权限模式）</translation>
    </message>
    <message>
        <source>%1 of the %2 file reach beyond the diff hunk %3-%4 (a code host takes a comment only within one hunk)</source>
        <translation>%2文件的%1超出了差异块 %3-%4（代码托管平台只接受位于同一差异块内的评论）</translation>
    </message>
    <message>
        <source>line %1 of the %2 file is not in the merge request's diff</source>
        <translation>%2文件的第 %1 行不在合并请求的差异中</translation>
    </message>
    <message>
        <source>lines %1-%2 of the %3 file are not in the merge request's diff</source>
        <translation>%3文件的第 %1-%2 行不在合并请求的差异中</translation>
    </message>
    <message>
        <source>the review with %1 comment(s)</source>
        <translation>含 %1 条评论的评审</translation>
    </message>
    <message>
        <source>the edit of comment %1 (%2)</source>
        <translation>评论 %1 的修改（%2）</translation>
    </message>
    <message>
        <source>comment %1 (%2)</source>
        <translation>评论 %1（%2）</translation>
    </message>
    <message>
        <source>the review's summary note</source>
        <translation>评审的总结备注</translation>
    </message>
    <message>
        <source>the approval</source>
        <translation>批准</translation>
    </message>
    <message>
        <source>it has no text</source>
        <translation>它没有正文</translation>
    </message>
    <message>
        <source>the workspace has no merge request %1</source>
        <translation>工作区中没有合并请求 %1</translation>
    </message>
    <message>
        <source>merge request %1 has no address on a code host (its URL is empty), so there is nowhere to publish it</source>
        <translation>合并请求 %1 在代码托管平台上没有地址（其 URL 为空），因此无处发布</translation>
    </message>
    <message>
        <source>the workspace has no annotator %1</source>
        <translation>工作区中没有标注者 %1</translation>
    </message>
    <message>
        <source>it came from this pull request's own comments on the host</source>
        <translation>它来自该拉取请求在托管平台上的评论</translation>
    </message>
    <message>
        <source>it was edited since it was published, and its id on the host is unknown, so the edit cannot be sent; edit it on the host</source>
        <translation>它在发布后被修改过，但其在托管平台上的 ID 未知，无法发送修改；请在托管平台上修改</translation>
    </message>
    <message>
        <source>comment %1 went to the host but the workspace could not record it (%2); publishing again would send it twice: delete it on the host first</source>
        <translation>评论 %1 已发送到托管平台，但工作区无法记录（%2）；再次发布会重复发送：请先在托管平台上删除它</translation>
    </message>
    <message>
        <source>the review went, but its comments' ids could not be read (%1): a later edit of them cannot update them</source>
        <translation>评审已发送，但无法读取其评论的 ID（%1）：之后对这些评论的修改无法更新到托管平台</translation>
    </message>
    <message>
        <source>%1: the merge request's answer has no diff_refs.head_sha</source>
        <translation>%1：合并请求的应答中没有 diff_refs.head_sha</translation>
    </message>
    <message>
        <source>%1 is at commit %2 on the host, the workspace compares %3: its comments' lines may not match; review the new head (or update the workspace's merge request) first</source>
        <translation>%1 在托管平台上位于提交 %2，而工作区比较的是 %3：评论的行可能对不上；请先评审新的头提交（或更新工作区中的合并请求）</translation>
    </message>
    <message>
        <source>the review went, but its comments' ids could not be read (%1): a later edit of them cannot reply to them</source>
        <translation>评审已发送，但无法读取其评论的 ID（%1）：之后对这些评论的修改无法回复到它们</translation>
    </message>
    <message>
        <source>the answer is not an object</source>
        <translation>应答不是对象</translation>
    </message>
    <message>
        <source>%1 (merge request %2), annotator %3, verdict %4:</source>
        <translation>%1（合并请求 %2），标注者 %3，结论 %4：</translation>
    </message>
    <message>
        <source>%1 new, %2 edited since published, %3 already published unchanged, %4 held back</source>
        <translation>新增 %1 条，发布后修改 %2 条，已发布且未变 %3 条，暂不发送 %4 条</translation>
    </message>
    <message>
        <source>not sent: comment %1 at %2: %3</source>
        <translation>未发送：位于 %2 的评论 %1：%3</translation>
    </message>
    <message>
        <source>Nothing new to publish: every selected comment is on the host as it reads now.</source>
        <translation>没有新的内容可发布：所选的每条评论都已按当前内容出现在托管平台上。</translation>
    </message>
    <message>
        <source>sent: %1</source>
        <translation>已发送：%1</translation>
    </message>
    <message>
        <source>Published %1 new and updated %2 edited comment(s).</source>
        <translation>已发布 %1 条新评论，更新 %2 条修改过的评论。</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>Not sent: %1 comment(s) (%2); what went is recorded, so publishing again sends only these.</source>
        <translation>未发送：%1 条评论（%2）；已发送的已记录，再次发布时只发送这些。</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>布尔值</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>a list</source>
        <translation>列表</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>空</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: %2: %3</source>
        <translation>%1：%2：%3</translation>
    </message>
    <message>
        <source>expected %1, found %2</source>
        <translation>应为%1，实际为%2</translation>
    </message>
    <message>
        <source>is null, the answer must give it</source>
        <translation>为 null，应答必须提供该值</translation>
    </message>
    <message>
        <source>missing from the answer</source>
        <translation>应答中缺失</translation>
    </message>
    <message>
        <source>expected an object, found %1</source>
        <translation>应为对象，实际为%1</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>"%1" is not a commit id</source>
        <translation>“%1”不是提交 ID</translation>
    </message>
    <message>
        <source>comment %1 by %2 on %3: outdated or on the whole file (on no line of the head)</source>
        <translation>%2 在 %3 上的评论 %1：已过时或针对整个文件（不在头部版本的任何行上）</translation>
    </message>
    <message>
        <source>"%1" is neither LEFT nor RIGHT</source>
        <translation>“%1”既不是 LEFT 也不是 RIGHT</translation>
    </message>
    <message>
        <source>note %1 by %2 on %3: on the whole file (on no line)</source>
        <translation>%2 在 %3 上的备注 %1：针对整个文件（不在任何行上）</translation>
    </message>
    <message>
        <source>comment %1 by %2 on %3: written on patch set %4, not %5</source>
        <translation>%2 在 %3 上的评论 %1：写于补丁集 %4，而非 %5</translation>
    </message>
    <message>
        <source>comment %1 by %2 on %3: on no line of a file</source>
        <translation>%2 在 %3 上的评论 %1：不在文件的任何行上</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Fetching %1 from %2…</source>
        <translation>正在从 %2 获取 %1…</translation>
    </message>
    <message>
        <source>Reading the review comments…</source>
        <translation>正在读取评审评论…</translation>
    </message>
    <message>
        <source>the patch set has no parent commit to compare it with</source>
        <translation>该补丁集没有可用于比较的父提交</translation>
    </message>
    <message>
        <source>a patch set number must be positive</source>
        <translation>补丁集编号必须为正数</translation>
    </message>
    <message>
        <source>"%1" is not the ref of patch set %2 (%3)</source>
        <translation>“%1”不是补丁集 %2 的引用（%3）</translation>
    </message>
    <message>
        <source>%1 is not among the revisions</source>
        <translation>%1 不在修订列表中</translation>
    </message>
    <message>
        <source>%1: the change has no patch set %2 (it has 1 to %3)</source>
        <translation>%1：该变更没有补丁集 %2（只有 1 到 %3）</translation>
    </message>
    <message>
        <source>it is outdated: revision %1 changed the lines it was made on</source>
        <translation>它已过时：修订 %1 更改了它所针对的行</translation>
    </message>
</context>
<context>
    <name>rd::models</name>
    <message>
        <source>cannot read commit %1</source>
        <translation>无法读取提交 %1</translation>
    </message>
    <message>
        <source>cannot read the tree of %1</source>
        <translation>无法读取 %1 的树</translation>
    </message>
    <message>
        <source>cannot read %1 of %2</source>
        <translation>无法读取 %2 的对象 %1</translation>
    </message>
    <message>
        <source>cannot diff %1</source>
        <translation>无法比较 %1</translation>
    </message>
    <message>
        <source>no repository</source>
        <translation>没有仓库</translation>
    </message>
    <message>
        <source>cannot compare the trees</source>
        <translation>无法比较两棵树</translation>
    </message>
    <message>
        <source>rename detection failed</source>
        <translation>重命名检测失败</translation>
    </message>
    <message>
        <source>cannot reopen the repository</source>
        <translation>无法重新打开仓库</translation>
    </message>
    <message>
        <source>no repository path given</source>
        <translation>未指定仓库路径</translation>
    </message>
    <message>
        <source>no such file or directory: %1</source>
        <translation>没有该文件或目录：%1</translation>
    </message>
    <message>
        <source>not a git repository (or any of the parent directories): %1</source>
        <translation>不是 git 仓库（任何上级目录也不是）：%1</translation>
    </message>
    <message>
        <source>cannot open repository %1</source>
        <translation>无法打开仓库 %1</translation>
    </message>
    <message>
        <source>empty revision</source>
        <translation>修订为空</translation>
    </message>
    <message>
        <source>unknown revision '%1'</source>
        <translation>未知修订“%1”</translation>
    </message>
    <message>
        <source>ambiguous revision '%1'</source>
        <translation>修订“%1”有歧义</translation>
    </message>
    <message>
        <source>invalid revision '%1'</source>
        <translation>无效修订“%1”</translation>
    </message>
    <message>
        <source>revision '%1' names a %2, not a commit</source>
        <translation>修订“%1”指向 %2，而不是提交</translation>
    </message>
    <message>
        <source>%1 and %2 have no common ancestor</source>
        <translation>%1 与 %2 没有共同祖先</translation>
    </message>
    <message>
        <source>cannot compute the merge base</source>
        <translation>无法计算合并基点</translation>
    </message>
    <message>
        <source>cannot list references</source>
        <translation>无法列出引用</translation>
    </message>
    <message>
        <source>cannot walk history</source>
        <translation>无法遍历历史</translation>
    </message>
    <message>
        <source>cannot walk from %1</source>
        <translation>无法从 %1 遍历历史</translation>
    </message>
    <message>
        <source>cannot read object %1</source>
        <translation>无法读取对象 %1</translation>
    </message>
    <message>
        <source>%1...%2: %3 (compare base and head directly: two-dot)</source>
        <translation>%1...%2：%3（请直接比较基准与头部：两点比较）</translation>
    </message>
    <message>
        <source>cannot create directory %1</source>
        <translation>无法创建目录 %1</translation>
    </message>
    <message>
        <source>cannot create a repository in %1</source>
        <translation>无法在 %1 中创建仓库</translation>
    </message>
    <message>
        <source>cannot write a blob</source>
        <translation>无法写入数据对象</translation>
    </message>
    <message>
        <source>cannot create an index</source>
        <translation>无法创建索引</translation>
    </message>
    <message>
        <source>cannot add %1</source>
        <translation>无法添加 %1</translation>
    </message>
    <message>
        <source>cannot write the tree</source>
        <translation>无法写入树</translation>
    </message>
    <message>
        <source>cannot read the tree back</source>
        <translation>无法读回树</translation>
    </message>
    <message>
        <source>cannot read parent %1</source>
        <translation>无法读取父提交 %1</translation>
    </message>
    <message>
        <source>invalid author</source>
        <translation>无效作者</translation>
    </message>
    <message>
        <source>cannot write the commit</source>
        <translation>无法写入提交</translation>
    </message>
    <message>
        <source>cannot set %1</source>
        <translation>无法设置 %1</translation>
    </message>
    <message>
        <source>cannot read the tag target</source>
        <translation>无法读取标签目标</translation>
    </message>
    <message>
        <source>invalid tagger</source>
        <translation>无效标签创建者</translation>
    </message>
    <message>
        <source>cannot create tag %1</source>
        <translation>无法创建标签 %1</translation>
    </message>
    <message>
        <source>cannot point HEAD at %1</source>
        <translation>无法将 HEAD 指向 %1</translation>
    </message>
    <message>
        <source>%1 is locked by another program that is using it (for more than %2 s); close that program or wait, and try again</source>
        <translation>%1 被另一个正在使用它的程序锁定（超过 %2 秒）；请关闭该程序或稍候，然后重试</translation>
    </message>
    <message>
        <source>%1 is read-only; copy it somewhere writable or change its permissions</source>
        <translation>%1 是只读的；请将其复制到可写位置或更改其权限</translation>
    </message>
    <message>
        <source>%1 is damaged (%2); open a backup or make a new workspace</source>
        <translation>%1 已损坏（%2）；请打开备份或新建工作区</translation>
    </message>
    <message>
        <source>cannot write %1: the disk is full</source>
        <translation>无法写入 %1：磁盘已满</translation>
    </message>
    <message>
        <source>cannot %1 in %2: the file or its folder cannot be read or written (%3)</source>
        <translation>无法在 %2 中%1：文件或其文件夹无法读写（%3）</translation>
    </message>
    <message>
        <source>cannot %1 in %2: %3</source>
        <translation>无法在 %2 中%1：%3</translation>
    </message>
    <message>
        <source>read the annotators</source>
        <translation>读取标注者</translation>
    </message>
    <message>
        <source>the annotator's name is empty</source>
        <translation>标注者姓名为空</translation>
    </message>
    <message>
        <source>add the annotator</source>
        <translation>添加标注者</translation>
    </message>
    <message>
        <source>read the merge requests</source>
        <translation>读取合并请求</translation>
    </message>
    <message>
        <source>no merge request %1 in this workspace</source>
        <translation>此工作区中没有合并请求 %1</translation>
    </message>
    <message>
        <source>read the comment</source>
        <translation>读取评论</translation>
    </message>
    <message>
        <source>no comment %1 in this workspace</source>
        <translation>此工作区中没有评论 %1</translation>
    </message>
    <message>
        <source>store a comment</source>
        <translation>保存一条评论</translation>
    </message>
    <message>
        <source>read the judgement</source>
        <translation>读取评判</translation>
    </message>
    <message>
        <source>store the judgement</source>
        <translation>保存评判</translation>
    </message>
    <message>
        <source>record the step for undo</source>
        <translation>记录撤销步骤</translation>
    </message>
    <message>
        <source>the undo history of %1 is damaged: %2</source>
        <translation>%1 的撤销历史已损坏：%2</translation>
    </message>
    <message>
        <source>restore the comment</source>
        <translation>恢复评论</translation>
    </message>
    <message>
        <source>read the undo history</source>
        <translation>读取撤销历史</translation>
    </message>
    <message>
        <source>no workspace at %1</source>
        <translation>%1 处没有工作区</translation>
    </message>
    <message>
        <source>cannot make a workspace at %1: the folder %2 does not exist</source>
        <translation>无法在 %1 创建工作区：文件夹 %2 不存在</translation>
    </message>
    <message>
        <source>cannot make a workspace at %1: the folder is read-only</source>
        <translation>无法在 %1 创建工作区：文件夹是只读的</translation>
    </message>
    <message>
        <source>%1 is a folder, not a workspace file</source>
        <translation>%1 是文件夹，不是工作区文件</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 is an empty file, not a ReviewDesk workspace</source>
        <translation>%1 是空文件，不是 ReviewDesk 工作区</translation>
    </message>
    <message>
        <source>%1 is not a ReviewDesk workspace (not an SQLite database)</source>
        <translation>%1 不是 ReviewDesk 工作区（不是 SQLite 数据库）</translation>
    </message>
    <message>
        <source>%1 is in a read-only folder; the workspace needs to write its journal next to it</source>
        <translation>%1 位于只读文件夹中；工作区需要在其旁边写入日志</translation>
    </message>
    <message>
        <source>Qt's SQLite driver (QSQLITE, Debian package libqt6sql6-sqlite) is not installed</source>
        <translation>未安装 Qt 的 SQLite 驱动（QSQLITE，Debian 软件包 libqt6sql6-sqlite）</translation>
    </message>
    <message>
        <source>open the workspace</source>
        <translation>打开工作区</translation>
    </message>
    <message>
        <source>cannot open %1 for writing: it could not switch to write-ahead logging (journal mode %2)</source>
        <translation>无法以写入方式打开 %1：无法切换到预写日志（日志模式 %2）</translation>
    </message>
    <message>
        <source>read the workspace version</source>
        <translation>读取工作区版本</translation>
    </message>
    <message>
        <source>update the workspace</source>
        <translation>更新工作区</translation>
    </message>
    <message>
        <source>update the workspace to version %1</source>
        <translation>将工作区更新到版本 %1</translation>
    </message>
    <message>
        <source>%1 was written by a newer ReviewDesk (workspace version %2; this program knows up to %3); update ReviewDesk to open it</source>
        <translation>%1 由更新版本的 ReviewDesk 写入（工作区版本 %2；本程序最高支持 %3）；请更新 ReviewDesk 后再打开</translation>
    </message>
    <message>
        <source>%1 is an SQLite database but not a ReviewDesk workspace</source>
        <translation>%1 是 SQLite 数据库，但不是 ReviewDesk 工作区</translation>
    </message>
    <message>
        <source>check the workspace</source>
        <translation>检查工作区</translation>
    </message>
    <message>
        <source>no workspace version %1</source>
        <translation>没有工作区版本 %1</translation>
    </message>
    <message>
        <source>%1 exists already</source>
        <translation>%1 已存在</translation>
    </message>
    <message>
        <source>a merge request needs a repository, a base and a head</source>
        <translation>合并请求需要仓库、基准和头部</translation>
    </message>
    <message>
        <source>store the merge request</source>
        <translation>保存合并请求</translation>
    </message>
    <message>
        <source>store the run</source>
        <translation>保存运行记录</translation>
    </message>
    <message>
        <source>read the runs</source>
        <translation>读取运行记录</translation>
    </message>
    <message>
        <source>no run %1 in this workspace</source>
        <translation>此工作区中没有运行 %1</translation>
    </message>
    <message>
        <source>store the comment</source>
        <translation>保存评论</translation>
    </message>
    <message>
        <source>read the comments</source>
        <translation>读取评论列表</translation>
    </message>
    <message>
        <source>read the judgements</source>
        <translation>读取评判列表</translation>
    </message>
    <message>
        <source>the side must be "old" or "new", not '%1'</source>
        <translation>侧必须是 "old" 或 "new"，而不是“%1”</translation>
    </message>
    <message>
        <source>the lines %1-%2 are not a range of lines</source>
        <translation>行 %1-%2 不是有效的行范围</translation>
    </message>
    <message>
        <source>a comment needs a file</source>
        <translation>评论需要指定文件</translation>
    </message>
    <message>
        <source>the comment has no text</source>
        <translation>评论没有文本</translation>
    </message>
    <message>
        <source>remove the comment</source>
        <translation>删除评论</translation>
    </message>
    <message>
        <source>comment %1 was not written by a person; only human comments can be removed</source>
        <translation>评论 %1 不是人工撰写的；只能删除人工评论</translation>
    </message>
    <message>
        <source>edit the comment</source>
        <translation>编辑评论</translation>
    </message>
    <message>
        <source>undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>remember the place</source>
        <translation>记住位置</translation>
    </message>
    <message>
        <source>read the place</source>
        <translation>读取位置</translation>
    </message>
    <message>
        <source>count the judgements</source>
        <translation>统计评判</translation>
    </message>
    <message>
        <source>%1 must be 1 to 7, not %2</source>
        <translation>%1 必须为 1 到 7，而不是 %2</translation>
    </message>
    <message>
        <source>unknown category '%1' (one of: %2)</source>
        <translation>未知类别“%1”（应为以下之一：%2）</translation>
    </message>
    <message>
        <source>the tag is empty</source>
        <translation>标签为空</translation>
    </message>
    <message>
        <source>the tag is longer than 200 characters</source>
        <translation>标签超过 200 个字符</translation>
    </message>
    <message>
        <source>the critique is longer than 10000 characters</source>
        <translation>评语超过 10000 个字符</translation>
    </message>
    <message>
        <source>time_spent_ms is negative</source>
        <translation>time_spent_ms 为负数</translation>
    </message>
    <message>
        <source>"%1" must be %2</source>
        <translation>"%1" 必须是%2</translation>
    </message>
    <message>
        <source>a positive comment id</source>
        <translation>正整数评论编号</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>"accept", "reject" or "unsure"</source>
        <translation>"accept"、"reject" 或 "unsure"</translation>
    </message>
    <message>
        <source>an integer from 1 to 7</source>
        <translation>1 到 7 的整数</translation>
    </message>
    <message>
        <source>"category" must be one of: %1</source>
        <translation>"category" 必须是以下之一：%1</translation>
    </message>
    <message>
        <source>"Diff Level", "File Level" or "Repo Level"</source>
        <translation>"Diff Level"、"File Level" 或 "Repo Level"</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true 或 false</translation>
    </message>
    <message>
        <source>"up" or "down"</source>
        <translation>"up" 或 "down"</translation>
    </message>
    <message>
        <source>a non-negative integer</source>
        <translation>非负整数</translation>
    </message>
    <message>
        <source>unknown field "%1"</source>
        <translation>未知字段 "%1"</translation>
    </message>
    <message>
        <source>not JSON: %1</source>
        <translation>不是 JSON：%1</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <source>"comment" is missing</source>
        <translation>缺少 "comment"</translation>
    </message>
    <message>
        <source>cannot read %1 of %2: the object is missing from the repository</source>
        <translation>无法读取 %2 的对象 %1：仓库中缺少该对象</translation>
    </message>
    <message>
        <source>assign the merge request</source>
        <translation>分配合并请求</translation>
    </message>
    <message>
        <source>read the assignments</source>
        <translation>读取分配</translation>
    </message>
    <message>
        <source>the group has no comments</source>
        <translation>该组没有评论</translation>
    </message>
    <message>
        <source>an adjudication needs a verdict</source>
        <translation>裁决需要一个结论</translation>
    </message>
    <message>
        <source>an adjudication needs a reason</source>
        <translation>裁决需要一个理由</translation>
    </message>
    <message>
        <source>store the adjudication</source>
        <translation>保存裁决</translation>
    </message>
    <message>
        <source>read the adjudications</source>
        <translation>读取裁决</translation>
    </message>
    <message>
        <source>read the workspace settings</source>
        <translation>读取工作区设置</translation>
    </message>
    <message>
        <source>store the workspace settings</source>
        <translation>保存工作区设置</translation>
    </message>
    <message>
        <source>block %1 has no &lt;note&gt;: left out, as the AACR-Bench evaluator does</source>
        <translation>第 %1 块没有 &lt;note&gt;：已略去，与 AACR-Bench 评估器一致</translation>
    </message>
    <message>
        <source>block %1: &lt;%2&gt; is not a line number (%3): read as no line</source>
        <translation>第 %1 块：&lt;%2&gt; 不是行号（%3）：按无行号读取</translation>
    </message>
    <message>
        <source>cannot make the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>not JSON at byte %1: %2</source>
        <translation>第 %1 字节处不是 JSON：%2</translation>
    </message>
    <message>
        <source>expected an array of pull requests</source>
        <translation>应为拉取请求数组</translation>
    </message>
    <message>
        <source>PR %1</source>
        <translation>PR %1</translation>
    </message>
    <message>
        <source>%1 is not an object</source>
        <translation>%1 不是对象</translation>
    </message>
    <message>
        <source>%1: githubPrUrl is not a GitHub pull request URL</source>
        <translation>%1：githubPrUrl 不是 GitHub 拉取请求地址</translation>
    </message>
    <message>
        <source>%1: comments is not an array</source>
        <translation>%1：comments 不是数组</translation>
    </message>
    <message>
        <source>%1, comment %2</source>
        <translation>%1，第 %2 条评论</translation>
    </message>
    <message>
        <source>%1: %2 is not a line number</source>
        <translation>%1：%2 不是行号</translation>
    </message>
    <message>
        <source>%1 is %2 MiB; ReviewDesk imports files up to %3 MiB</source>
        <translation>%1 大小为 %2 MiB；ReviewDesk 最多导入 %3 MiB 的文件</translation>
    </message>
    <message>
        <source>commit %1 is not in %2</source>
        <translation>提交 %1 不在 %2 中</translation>
    </message>
    <message>
        <source>import as ground-truth, candidates or labelled, not '%1'</source>
        <translation>请以 ground-truth、candidates 或 labelled 方式导入，而不是 '%1'</translation>
    </message>
    <message>
        <source>%1: say whether it holds positive or negative samples (--samples positive|negative)</source>
        <translation>%1：请说明它包含正样本还是负样本（--samples positive|negative）</translation>
    </message>
    <message>
        <source>samples are positive or negative, not '%1'</source>
        <translation>样本应为 positive 或 negative，而不是 '%1'</translation>
    </message>
    <message>
        <source>%1: negative samples are rejected comments, not ground-truth issues; import them as labelled or as candidates</source>
        <translation>%1：负样本是被拒绝的评论，不是真实问题；请以已标注或候选方式导入</translation>
    </message>
    <message>
        <source>%1: imported without code: %2</source>
        <translation>%1：在没有代码的情况下导入：%2</translation>
    </message>
    <message>
        <source>%1 pull requests imported without code (no repository map): their comments count, the diff cannot be shown</source>
        <translation>%1 个拉取请求在没有代码的情况下导入（无仓库映射）：其评论计入统计，但无法显示差异</translation>
    </message>
    <message>
        <source>importing a run needs the repository it reviewed</source>
        <translation>导入运行需要其审查的仓库</translation>
    </message>
    <message>
        <source>the run names no base and head commits; give --base and --head</source>
        <translation>运行未指明基准和头部提交；请提供 --base 和 --head</translation>
    </message>
    <message>
        <source>imported without code: %1</source>
        <translation>在没有代码的情况下导入：%1</translation>
    </message>
    <message>
        <source>imported from %1</source>
        <translation>导入自 %1</translation>
    </message>
    <message>
        <source>no export format '%1' (formats: %2)</source>
        <translation>没有导出格式 '%1'（可用格式：%2）</translation>
    </message>
    <message>
        <source>the score gap δ must be 0 or more</source>
        <translation>得分差 δ 必须大于或等于 0</translation>
    </message>
    <message>
        <source>AACR-Bench positive samples: the accepted and ground-truth comments</source>
        <translation>AACR-Bench 正样本：被接受的评论和真实问题评论</translation>
    </message>
    <message>
        <source>AACR-Bench negative samples: the rejected comments</source>
        <translation>AACR-Bench 负样本：被拒绝的评论</translation>
    </message>
    <message>
        <source>TRL SFT (JSON Lines, messages): diff and comment, then the annotator's verdict and critique</source>
        <translation>TRL SFT（JSON Lines，messages）：差异和评论，然后是标注者的判定和评语</translation>
    </message>
    <message>
        <source>TRL KTO (JSON Lines, prompt/completion/label): each judged comment</source>
        <translation>TRL KTO（JSON Lines，prompt/completion/label）：每条已判定的评论</translation>
    </message>
    <message>
        <source>SARIF 2.1.0: one result per kept or accepted comment</source>
        <translation>SARIF 2.1.0：每条保留或接受的评论一个结果</translation>
    </message>
    <message>
        <source>reviewdog diagnostic format (rdjson)</source>
        <translation>reviewdog 诊断格式（rdjson）</translation>
    </message>
    <message>
        <source>CSV: one row per comment and annotator</source>
        <translation>CSV：每条评论与每位标注者一行</translation>
    </message>
    <message>
        <source>run %1 is not a run of merge request %2</source>
        <translation>运行 %1 不属于合并请求 %2</translation>
    </message>
    <message>
        <source>line %1, column %2 (byte %3)</source>
        <translation>第 %1 行，第 %2 列（字节 %3）</translation>
    </message>
    <message>
        <source>the file is %1 MiB; ReviewDesk imports files up to %2 MiB</source>
        <translation>文件大小为 %1 MiB；ReviewDesk 最多导入 %2 MiB 的文件</translation>
    </message>
    <message>
        <source>%1: the JSON ends too early (truncated?): %2</source>
        <translation>%1：JSON 提前结束（被截断？）：%2</translation>
    </message>
    <message>
        <source>%1: not valid JSON: %2</source>
        <translation>%1：不是有效的 JSON：%2</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>布尔值</translation>
    </message>
    <message>
        <source>a fractional number</source>
        <translation>小数</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>%1: expected %2, found %3</source>
        <translation>%1：应为%2，实际为%3</translation>
    </message>
    <message>
        <source>%1 is missing</source>
        <translation>缺少 %1</translation>
    </message>
    <message>
        <source>%1 is %2 bytes long; ReviewDesk imports texts of up to %3 bytes (1 MiB)</source>
        <translation>%1 长 %2 字节；ReviewDesk 最多导入 %3 字节（1 MiB）的文本</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>%1.side: "left" or "right", not "%2"</source>
        <translation>%1.side：应为 "left" 或 "right"，而不是 "%2"</translation>
    </message>
    <message>
        <source>%1.githubPrUrl is empty</source>
        <translation>%1.githubPrUrl 为空</translation>
    </message>
    <message>
        <source>%1.%2 is empty</source>
        <translation>%1.%2 为空</translation>
    </message>
    <message>
        <source>%1.comments is missing</source>
        <translation>缺少 %1.comments</translation>
    </message>
    <message>
        <source>the path is empty</source>
        <translation>路径为空</translation>
    </message>
    <message>
        <source>the path contains a NUL character</source>
        <translation>路径包含 NUL 字符</translation>
    </message>
    <message>
        <source>"%1" is an absolute path; only paths inside the repository are imported</source>
        <translation>"%1" 是绝对路径；只导入仓库内的路径</translation>
    </message>
    <message>
        <source>"%1" leaves the repository (".."); only paths inside it are imported</source>
        <translation>"%1" 离开了仓库（".."）；只导入仓库内的路径</translation>
    </message>
    <message>
        <source>the top level</source>
        <translation>顶层</translation>
    </message>
    <message>
        <source>an array of pull requests</source>
        <translation>拉取请求数组</translation>
    </message>
    <message>
        <source>[%1].githubPrUrl: %2 appears twice in the file; each pull request must be one entry</source>
        <translation>[%1].githubPrUrl：%2 在文件中出现两次；每个拉取请求只能有一个条目</translation>
    </message>
    <message>
        <source>an object from repository URL to local path</source>
        <translation>从仓库 URL 到本地路径的对象</translation>
    </message>
    <message>
        <source>a path (string)</source>
        <translation>路径（字符串）</translation>
    </message>
    <message>
        <source>["%1"]: the path is empty</source>
        <translation>["%1"]：路径为空</translation>
    </message>
    <message>
        <source>a run ({"run": …, "comments": […]})</source>
        <translation>一次运行（{"run": …, "comments": […]}）</translation>
    </message>
    <message>
        <source>run is missing: not a ReviewDesk run (reviewdesk-cli review --out)</source>
        <translation>缺少 run：不是 ReviewDesk 运行（reviewdesk-cli review --out）</translation>
    </message>
    <message>
        <source>comments is missing</source>
        <translation>缺少 comments</translation>
    </message>
    <message>
        <source>a string or null</source>
        <translation>字符串或 null</translation>
    </message>
    <message>
        <source>%1.side: "old" or "new", not "%2"</source>
        <translation>%1.side：应为 "old" 或 "new"，而不是 "%2"</translation>
    </message>
    <message>
        <source>mark the reference issue</source>
        <translation>标记参考问题</translation>
    </message>
    <message>
        <source>comment %1 cannot be linked to itself</source>
        <translation>评论 %1 不能链接到自身</translation>
    </message>
    <message>
        <source>link the comment to the reference</source>
        <translation>将评论链接到参考问题</translation>
    </message>
    <message>
        <source>comment %1 and reference %2 belong to different merge requests</source>
        <translation>评论 %1 与参考问题 %2 属于不同的合并请求</translation>
    </message>
    <message>
        <source>remove the link to the reference</source>
        <translation>移除到参考问题的链接</translation>
    </message>
    <message>
        <source>read the links to references</source>
        <translation>读取到参考问题的链接</translation>
    </message>
    <message>
        <source>import the file</source>
        <translation>导入文件</translation>
    </message>
    <message>
        <source>%1 is already in this workspace from %2 (%3); nothing was imported</source>
        <translation>%1 已从 %2（%3）导入到此工作区；未导入任何内容</translation>
    </message>
    <message>
        <source>read the imported records</source>
        <translation>读取导入的记录</translation>
    </message>
    <message>
        <source>comment %1 was changed by someone else while you were editing it; look at their text and edit again</source>
        <translation>评论 %1 在您编辑期间已被他人修改；请查看对方的文本后重新编辑</translation>
    </message>
    <message>
        <source>cannot %1 in %2: the server did not say the new row's id</source>
        <translation>无法在 %2 中%1：服务器未返回新行的 id</translation>
    </message>
    <message>
        <source>cannot %1 in %2: another client's change got in the way; try again</source>
        <translation>无法在 %2 中%1：另一个客户端的修改与之冲突；请重试</translation>
    </message>
    <message>
        <source>cannot %1 in %2: another client held the workspace too long; try again</source>
        <translation>无法在 %2 中%1：另一个客户端占用工作区过久；请重试</translation>
    </message>
    <message>
        <source>cannot %1 in %2: the server's user has no right to (%3); ask the database's administrator</source>
        <translation>无法在 %2 中%1：服务器用户没有权限（%3）；请联系数据库管理员</translation>
    </message>
    <message>
        <source>cannot write %1: the server's disk is full</source>
        <translation>无法写入 %1：服务器磁盘已满</translation>
    </message>
    <message>
        <source>'%1' is not a workspace address; write postgresql://USER@HOST:PORT/DATABASE</source>
        <translation>“%1”不是工作区地址；请写成 postgresql://用户@主机:端口/数据库</translation>
    </message>
    <message>
        <source>the workspace address contains a password; remove it and set PGPASSWORD or put it in ~/.pgpass</source>
        <translation>工作区地址中包含密码；请删除它，并设置 PGPASSWORD 或写入 ~/.pgpass</translation>
    </message>
    <message>
        <source>Qt's PostgreSQL driver (QPSQL, Debian package libqt6sql6-psql) is not installed</source>
        <translation>未安装 Qt 的 PostgreSQL 驱动（QPSQL，Debian 软件包 libqt6sql6-psql）</translation>
    </message>
    <message>
        <source>unknown setting '%1' in the workspace address %2 (known: host, sslmode)</source>
        <translation>工作区地址 %2 中有未知设置“%1”（可用：host、sslmode）</translation>
    </message>
    <message>
        <source>cannot connect to %1: %2</source>
        <translation>无法连接到 %1：%2</translation>
    </message>
    <message>
        <source>the database %1 holds other tables, not a ReviewDesk workspace</source>
        <translation>数据库 %1 中是其他表，不是 ReviewDesk 工作区</translation>
    </message>
    <message>
        <source>no workspace in the database %1 yet; make one there (for example with reviewdesk-cli workspace copy)</source>
        <translation>数据库 %1 中还没有工作区；请先在其中创建（例如用 reviewdesk-cli workspace copy）</translation>
    </message>
    <message>
        <source>prepare the batch review</source>
        <translation>准备批量评审</translation>
    </message>
    <message>
        <source>claim a merge request</source>
        <translation>认领合并请求</translation>
    </message>
    <message>
        <source>merge request %1 was never claimed for this configuration</source>
        <translation>合并请求 %1 从未以此配置被认领</translation>
    </message>
    <message>
        <source>merge request %1 was taken over by %2 after this worker's lease ran out; its run is not stored twice</source>
        <translation>此工作进程的租约到期后，合并请求 %1 已由 %2 接手；其运行不会被重复保存</translation>
    </message>
    <message>
        <source>read the batch review</source>
        <translation>读取批量评审</translation>
    </message>
    <message>
        <source>read the workspace's tables</source>
        <translation>读取工作区的表</translation>
    </message>
    <message>
        <source>copy the workspace</source>
        <translation>复制工作区</translation>
    </message>
    <message>
        <source>%1 holds a workspace with data already; copy into a new or empty one</source>
        <translation>%1 中已有包含数据的工作区；请复制到新的或空的工作区</translation>
    </message>
    <message>
        <source>cannot copy %1 to %2: the table %3 is missing there</source>
        <translation>无法将 %1 复制到 %2：那里缺少表 %3</translation>
    </message>
    <message>
        <source>cannot copy %1 to %2: the column %3.%4 is missing there</source>
        <translation>无法将 %1 复制到 %2：那里缺少列 %3.%4</translation>
    </message>
    <message>
        <source>object %1 is %2 MiB, more than the %3 MiB ReviewDesk reads</source>
        <translation>对象 %1 有 %2 MiB，超过 ReviewDesk 读取的上限 %3 MiB</translation>
    </message>
    <message>
        <source>this is a shallow clone and the merge base of %1 and %2 is not in it (fetch more history, e.g. git fetch --unshallow)</source>
        <translation>这是一个浅克隆，%1 与 %2 的合并基准不在其中（请获取更多历史，例如 git fetch --unshallow）</translation>
    </message>
    <message>
        <source>cannot keep the password in the keyring: %1</source>
        <translation>无法将密码保存到密钥环：%1</translation>
    </message>
    <message>
        <source>the server refused %1: %2; set PGPASSWORD, put the password in ~/.pgpass or in your keyring (File ▸ Open Workspace on a Server…, Remember in keyring)</source>
        <translation>服务器拒绝了 %1：%2；请设置 PGPASSWORD，或将密码写入 ~/.pgpass 或您的密钥环（文件 ▸ 打开服务器上的工作区…，记住到密钥环）</translation>
    </message>
    <message>
        <source>block %1: &lt;%2&gt; is beyond any line (%3): read as %4</source>
        <translation>块 %1：&lt;%2&gt; 超出所有行（%3）：按 %4 读取</translation>
    </message>
    <message>
        <source>merge request %1 of this workspace already compares these commits in %2</source>
        <translation>此工作区的合并请求 %1 已在 %2 中比较这些提交</translation>
    </message>
    <message>
        <source>the judgement of comment %1 by %2 was changed elsewhere (another window or reviewdesk-cli) at %3; the newer judgement is kept and this change was not stored</source>
        <translation>%2 对评论 %1 的判定已于 %3 在别处（另一个窗口或 reviewdesk-cli）被修改；已保留较新的判定，本次修改未保存</translation>
    </message>
    <message>
        <source>the judgement of comment %1 by %2 was cleared elsewhere (another window or reviewdesk-cli); this change was not stored</source>
        <translation>%2 对评论 %1 的判定已在别处（另一个窗口或 reviewdesk-cli）被清除；本次修改未保存</translation>
    </message>
    <message>
        <source>cannot %1 in %2: the connection to the server failed (%3); check that the server is running</source>
        <translation>无法在 %2 中%1：与服务器的连接失败（%3）；请检查服务器是否在运行</translation>
    </message>
    <message>
        <source>cannot listen to the changes of %1 again: %2</source>
        <translation>无法再次监听 %1 的更改：%2</translation>
    </message>
    <message>
        <source>list the merge requests</source>
        <translation>列出合并请求</translation>
    </message>
    <message>
        <source>count the disagreements</source>
        <translation>统计分歧</translation>
    </message>
    <message>
        <source>store the judge evaluation</source>
        <translation>保存评审评估</translation>
    </message>
    <message>
        <source>read the judge evaluations</source>
        <translation>读取评审评估</translation>
    </message>
    <message>
        <source>no judge evaluation %1 in this workspace</source>
        <translation>此工作区中没有评审评估 %1</translation>
    </message>
    <message>
        <source>TRL DPO (JSON Lines, prompt/chosen/rejected, rule): pairs by CQS Algorithm 1 on the judge's scores, or by people's judgements</source>
        <translation>TRL DPO（JSON Lines，prompt/chosen/rejected，rule）：按 CQS 算法 1 以评审模型的分数组对，或按人工评判组对</translation>
    </message>
    <message>
        <source>record comment %1 on %2</source>
        <translation>记录 %2 上的评论 %1</translation>
    </message>
    <message>
        <source>cannot %1: the pull request and the host's id are needed</source>
        <translation>无法%1：需要拉取请求和主机上的 ID</translation>
    </message>
    <message>
        <source>read the host comments of merge request %1</source>
        <translation>读取合并请求 %1 的主机评论</translation>
    </message>
    <message>
        <source>not a GitHub pull request address, so ReviewDesk does not know which ref to fetch</source>
        <translation>不是 GitHub 拉取请求地址，ReviewDesk 无法确定要获取哪个引用</translation>
    </message>
    <message>
        <source>%1: not fetched: %2</source>
        <translation>%1：未获取：%2</translation>
    </message>
    <message>
        <source> (no token was given; the repository may be private)</source>
        <translation>（未提供令牌；该仓库可能是私有的）</translation>
    </message>
    <message>
        <source> (the token was refused)</source>
        <translation>（令牌被拒绝）</translation>
    </message>
    <message>
        <source>cannot fetch from %1</source>
        <translation>无法从 %1 获取</translation>
    </message>
    <message>
        <source>%1 refused the token (sent as user %2): cannot fetch</source>
        <translation>%1 拒绝了令牌（以用户 %2 发送）：无法获取</translation>
    </message>
    <message>
        <source>cannot reach %1</source>
        <translation>无法连接 %1</translation>
    </message>
    <message>
        <source>cannot list the refs of %1</source>
        <translation>无法列出 %1 的引用</translation>
    </message>
    <message>
        <source>%1 has no %2</source>
        <translation>%1 中没有 %2</translation>
    </message>
    <message>
        <source>cannot fetch %1 from %2</source>
        <translation>无法从 %2 获取 %1</translation>
    </message>
    <message>
        <source>cannot store what was fetched from %1</source>
        <translation>无法保存从 %1 获取的内容</translation>
    </message>
    <message>
        <source>commit %1 (%2) is not in what was fetched from %3 (%4)</source>
        <translation>提交 %1（%2）不在从 %3 获取的内容中（%4）</translation>
    </message>
    <message>
        <source>cannot write %1 in %2</source>
        <translation>无法在 %2 中写入 %1</translation>
    </message>
    <message>
        <source>the project name %1 cannot be a folder name</source>
        <translation>项目名 %1 不能用作文件夹名</translation>
    </message>
    <message>
        <source>the server name %1 cannot be a folder name</source>
        <translation>服务器名 %1 不能用作文件夹名</translation>
    </message>
    <message>
        <source>the file was deleted</source>
        <translation>文件已被删除</translation>
    </message>
    <message>
        <source>the file changed and cannot be compared line by line</source>
        <translation>文件已改变，且无法逐行比较</translation>
    </message>
    <message>
        <source>line %1 was changed or deleted</source>
        <translation>第 %1 行已被修改或删除</translation>
    </message>
    <message>
        <source>lines were inserted after line %1</source>
        <translation>第 %1 行之后插入了新行</translation>
    </message>
    <message>
        <source>merge request %1 has no revision %2, which a run reviewed</source>
        <translation>合并请求 %1 没有某次运行审查过的修订 %2</translation>
    </message>
    <message>
        <source>store the host's comments</source>
        <translation>保存托管平台的评论</translation>
    </message>
    <message>
        <source>read the revisions</source>
        <translation>读取修订</translation>
    </message>
    <message>
        <source>a revision needs a number, a base and a head commit</source>
        <translation>修订需要编号、基准提交和头提交</translation>
    </message>
    <message>
        <source>record the revision</source>
        <translation>记录修订</translation>
    </message>
    <message>
        <source>merge request %1 is at revision %2 now, not %3; update it again</source>
        <translation>合并请求 %1 现在处于修订 %2，而不是 %3；请再次更新</translation>
    </message>
    <message>
        <source>merge request %1 of this workspace already compares %2 with %3 in %4</source>
        <translation>本工作区的合并请求 %1 已在 %4 中比较 %2 与 %3</translation>
    </message>
    <message>
        <source>comment %1 is not a comment of merge request %2</source>
        <translation>评论 %1 不属于合并请求 %2</translation>
    </message>
    <message>
        <source>store whether the comment was addressed</source>
        <translation>保存评论是否已解决</translation>
    </message>
    <message>
        <source>read the addressed answers</source>
        <translation>读取“已解决”回答</translation>
    </message>
    <message numerus="yes">
        <source>results/pr_labels.json: labels of %n pull request(s) in no golden comments file, left out: %1</source>
        <translation><numerusform>results/pr_labels.json：%n 个拉取请求不在任何黄金评论文件中，其标签未导入：%1</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n candidate(s) without text left out, as the benchmark's judge leaves them out</source>
        <translation><numerusform>%n 个没有文本的候选未导入，与基准的评审者一样将其略去</numerusform></translation>
    </message>
    <message numerus="yes">
        <source>%n pull request(s) of the golden comments no judge evaluated: imported with their references only</source>
        <translation><numerusform>黄金评论中有 %n 个拉取请求没有任何评审者评估：只导入了它们的参考问题</numerusform></translation>
    </message>
    <message>
        <source>import the benchmark</source>
        <translation>导入基准</translation>
    </message>
    <message>
        <source>a benchmark's merge request needs its address, a repository, a base and a head</source>
        <translation>基准的合并请求需要地址、仓库、基线和头部</translation>
    </message>
    <message>
        <source>the review of %1 by %2 names a judge the import does not list</source>
        <translation>%2 对 %1 的评审指向了导入未列出的评审者</translation>
    </message>
    <message>
        <source>%1's match on %2 by %3 names a candidate or a reference the pull request does not have</source>
        <translation>%1 在 %2 上对 %3 的匹配指向了该拉取请求没有的候选或参考问题</translation>
    </message>
    <message>
        <source>read the judges</source>
        <translation>读取评审者</translation>
    </message>
    <message>
        <source>read the judges' verdicts</source>
        <translation>读取评审者的判定</translation>
    </message>
    <message>
        <source>comment %1 has a judge's verdict ('%2') outside any judged review</source>
        <translation>评论 %1 有一条不属于任何已评审评审的判定（'%2'）</translation>
    </message>
    <message>
        <source>comment %1 has a judge's match outside any judged review</source>
        <translation>评论 %1 有一条不属于任何已评审评审的匹配</translation>
    </message>
    <message>
        <source>read the merge requests' labels</source>
        <translation>读取合并请求的标签</translation>
    </message>
    <message>
        <source>read the comments' labels</source>
        <translation>读取评论的标签</translation>
    </message>
    <message>
        <source>%1: %2 is not a count</source>
        <translation>%1：%2 不是计数</translation>
    </message>
    <message>
        <source>%1: "%2" is not one of the pull request's golden comments</source>
        <translation>%1：“%2”不是该拉取请求的黄金评论</translation>
    </message>
    <message>
        <source>%1: "%2" is decided twice (true positive and false negative lists)</source>
        <translation>%1：“%2”被判定了两次（真阳性和假阴性列表）</translation>
    </message>
    <message>
        <source>%1: the golden comment "%2" is in neither true_positives nor false_negatives</source>
        <translation>%1：黄金评论“%2”既不在 true_positives 中也不在 false_negatives 中</translation>
    </message>
    <message>
        <source>%1.true_positives[%2].matched_candidate: "%3" is not one of the tool's candidates in candidates.json</source>
        <translation>%1.true_positives[%2].matched_candidate：“%3”不是该工具在 candidates.json 中的候选</translation>
    </message>
    <message>
        <source>%1: "%2" is not one of the tool's candidates in candidates.json</source>
        <translation>%1：“%2”不是该工具在 candidates.json 中的候选</translation>
    </message>
    <message>
        <source>%1: "%2" is also a matched candidate of a true positive</source>
        <translation>%1：“%2”同时也是某个真阳性所匹配的候选</translation>
    </message>
    <message>
        <source>%1: "%2" is listed twice</source>
        <translation>%1：“%2”列出了两次</translation>
    </message>
    <message>
        <source>%1.url is empty</source>
        <translation>%1.url 为空</translation>
    </message>
    <message>
        <source>%1.url: %2 appears twice in the file</source>
        <translation>%1.url：%2 在文件中出现了两次</translation>
    </message>
    <message>
        <source>%1.comment is empty</source>
        <translation>%1.comment 为空</translation>
    </message>
    <message>
        <source>an object from pull request to its labels</source>
        <translation>从拉取请求到其标签的对象</translation>
    </message>
    <message>
        <source>an object from pull request to each tool's candidates</source>
        <translation>从拉取请求到各工具候选的对象</translation>
    </message>
    <message>
        <source>an object from tool to its candidates</source>
        <translation>从工具到其候选的对象</translation>
    </message>
    <message>
        <source>%1: a tool without a name</source>
        <translation>%1：工具没有名称</translation>
    </message>
    <message>
        <source>an array of candidates</source>
        <translation>候选数组</translation>
    </message>
    <message>
        <source>a whole number or null</source>
        <translation>整数或 null</translation>
    </message>
    <message>
        <source>%1.line: %2 is not a line number</source>
        <translation>%1.line：%2 不是行号</translation>
    </message>
    <message>
        <source>an object from pull request to each tool's evaluation</source>
        <translation>从拉取请求到各工具评估的对象</translation>
    </message>
    <message>
        <source>an object from tool to its evaluation</source>
        <translation>从工具到其评估的对象</translation>
    </message>
    <message>
        <source>%1.tool: "%2" under the key of tool "%3"</source>
        <translation>%1.tool：工具“%3”的键下出现了“%2”</translation>
    </message>
    <message>
        <source>a number from 0 to 1</source>
        <translation>0 到 1 之间的数</translation>
    </message>
    <message>
        <source>%1.confidence: %2 is not from 0 to 1</source>
        <translation>%1.confidence：%2 不在 0 到 1 之间</translation>
    </message>
    <message>
        <source>%1.%2 is %3, but its list names %4</source>
        <translation>%1.%2 为 %3，但其列表列出了 %4 项</translation>
    </message>
    <message>
        <source>no such folder</source>
        <translation>没有这个文件夹</translation>
    </message>
    <message>
        <source>no golden_comments/*.json: not Code Review Bench's offline layout (golden_comments/, results/&lt;judge&gt;/)</source>
        <translation>没有 golden_comments/*.json：不是 Code Review Bench 的离线布局（golden_comments/、results/&lt;judge&gt;/）</translation>
    </message>
    <message>
        <source>%1: %2 is also in golden_comments/%3.json; each pull request must be in one file</source>
        <translation>%1：%2 也在 golden_comments/%3.json 中；每个拉取请求只能在一个文件中</translation>
    </message>
    <message>
        <source>%1 has neither candidates.json nor evaluations.json: not a judge's folder, left out</source>
        <translation>%1 既没有 candidates.json 也没有 evaluations.json：不是评审者的文件夹，已略过</translation>
    </message>
    <message>
        <source>%1 has %2 but no %3: a judge's folder needs both</source>
        <translation>%1 有 %2 但没有 %3：评审者的文件夹两者都需要</translation>
    </message>
    <message>
        <source>%1: "people" names people's own verdicts in ReviewDesk; rename the judge's folder</source>
        <translation>%1：在 ReviewDesk 中 “people” 指人的判定；请重命名该评审者的文件夹</translation>
    </message>
    <message>
        <source>no judge's results (results/&lt;judge&gt;/candidates.json and evaluations.json): only the golden comments are imported</source>
        <translation>没有评审者的结果（results/&lt;judge&gt;/candidates.json 和 evaluations.json）：只导入黄金评论</translation>
    </message>
    <message>
        <source>results/pr_labels.json is missing: the merge requests carry no labels (language, size, domain, ...)</source>
        <translation>缺少 results/pr_labels.json：合并请求没有标签（语言、规模、领域……）</translation>
    </message>
    <message>
        <source>%1/evaluations.json: %2: the pull request is in no golden comments file</source>
        <translation>%1/evaluations.json：%2：该拉取请求不在任何黄金评论文件中</translation>
    </message>
    <message>
        <source>%1: the pull request %2 is in evaluations.json but not in candidates.json</source>
        <translation>%1：拉取请求 %2 在 evaluations.json 中，但不在 candidates.json 中</translation>
    </message>
    <message>
        <source>%1: candidates.json has candidates of %2 on %3, which evaluations.json does not evaluate</source>
        <translation>%1：candidates.json 中有 %2 在 %3 上的候选，而 evaluations.json 没有评估它们</translation>
    </message>
    <message>
        <source>%1: the pull request %2 is in candidates.json but not in evaluations.json</source>
        <translation>%1：拉取请求 %2 在 candidates.json 中，但不在 evaluations.json 中</translation>
    </message>
    <message>
        <source>the workspace holds no Code Review Bench import to export</source>
        <translation>工作区中没有可导出的 Code Review Bench 导入</translation>
    </message>
    <message>
        <source>cannot make the folder of %1</source>
        <translation>无法创建 %1 所在的文件夹</translation>
    </message>
    <message>
        <source>Pairwise votes on whole reviews (JSON Lines: merge request, runs a and b, winner, annotator)</source>
        <translation>整份评审的成对投票（JSON Lines：合并请求、运行 a 和 b、胜者、标注者）</translation>
    </message>
    <message>
        <source>a reference snapshot needs a name</source>
        <translation>参考快照需要一个名称</translation>
    </message>
    <message>
        <source>store the reference snapshot</source>
        <translation>保存参考快照</translation>
    </message>
    <message>
        <source>a reference snapshot named '%1' exists already; a snapshot is never replaced, so freeze under another name</source>
        <translation>名为“%1”的参考快照已存在；快照永不被替换，请以其他名称冻结</translation>
    </message>
    <message>
        <source>read the reference snapshots</source>
        <translation>读取参考快照</translation>
    </message>
    <message>
        <source>read the reference snapshot</source>
        <translation>读取参考快照</translation>
    </message>
    <message>
        <source>store the vote</source>
        <translation>保存投票</translation>
    </message>
    <message>
        <source>run %1 is named as both A and B: a vote compares two different runs</source>
        <translation>运行 %1 同时被指定为 A 和 B：一次投票比较的是两个不同的运行</translation>
    </message>
    <message>
        <source>the time spent on a vote cannot be negative</source>
        <translation>投票所用时间不能为负数</translation>
    </message>
    <message>
        <source>run %1 is a run of merge request %2, not of merge request %3</source>
        <translation>运行 %1 属于合并请求 %2，而不属于合并请求 %3</translation>
    </message>
    <message>
        <source>read the votes</source>
        <translation>读取投票</translation>
    </message>
    <message>
        <source>take back the vote</source>
        <translation>撤回投票</translation>
    </message>
    <message>
        <source>"%1" is missing</source>
        <translation>缺少 "%1"</translation>
    </message>
    <message>
        <source>"%1" must be %2, not %3</source>
        <translation>"%1" 必须是%2，而不是 %3</translation>
    </message>
    <message>
        <source>not JSON</source>
        <translation>不是 JSON</translation>
    </message>
    <message>
        <source>unknown field "%1" (a vote has %2)</source>
        <translation>未知字段 "%1"（投票包含的字段为 %2）</translation>
    </message>
    <message>
        <source>a merge request id (a positive number)</source>
        <translation>合并请求编号（正整数）</translation>
    </message>
    <message>
        <source>a run id (a positive number)</source>
        <translation>运行编号（正整数）</translation>
    </message>
    <message>
        <source>"winner" is missing</source>
        <translation>缺少 "winner"</translation>
    </message>
    <message>
        <source>"winner" must be "a", "b" or "tie", not %1</source>
        <translation>"winner" 必须是 "a"、"b" 或 "tie"，而不是 %1</translation>
    </message>
    <message>
        <source>"%1" must be a whole number of 0 or more, not %2</source>
        <translation>"%1" 必须是不小于 0 的整数，而不是 %2</translation>
    </message>
    <message>
        <source>"a" and "b" are both run %1: a vote compares two different runs</source>
        <translation>"a" 和 "b" 都是运行 %1：一次投票比较的是两个不同的运行</translation>
    </message>
    <message>
        <source>read which suggestions were applied</source>
        <translation>读取哪些建议已被采纳</translation>
    </message>
    <message>
        <source>People's audit of the benchmark judges' matches (JSON Lines: comment, reference, same/different/unsure, annotator)</source>
        <translation>人工审核基准评审模型的匹配（JSON Lines：评论、参考、相同/不同/不确定、标注者）</translation>
    </message>
    <message>
        <source>"%1" must be a comment id (a positive number), not %2</source>
        <translation>"%1" 必须是评论 ID（正数），而不是 %2</translation>
    </message>
    <message>
        <source>unknown field "%1" (an audit decision has %2)</source>
        <translation>未知字段 "%1"（审核决定包含 %2）</translation>
    </message>
    <message>
        <source>"comment" and "reference" are both comment %1</source>
        <translation>"comment" 和 "reference" 都是评论 %1</translation>
    </message>
    <message>
        <source>"decision" is missing (same, different, unsure, or null to take it back)</source>
        <translation>缺少 "decision"（same、different、unsure，或用 null 撤回）</translation>
    </message>
    <message>
        <source>"decision" must be "same", "different", "unsure" or null, not %1</source>
        <translation>"decision" 必须是 "same"、"different"、"unsure" 或 null，而不是 %1</translation>
    </message>
    <message>
        <source>"merge_request" must be a merge request id (a positive number), not %1</source>
        <translation>"merge_request" 必须是合并请求 ID（正数），而不是 %1</translation>
    </message>
    <message>
        <source>"annotator" must be a name, not %1</source>
        <translation>"annotator" 必须是名字，而不是 %1</translation>
    </message>
    <message>
        <source>"updated" must be a time in ISO 8601 (2026-01-31T12:00:00Z), not %1</source>
        <translation>"updated" 必须是 ISO 8601 时间（2026-01-31T12:00:00Z），而不是 %1</translation>
    </message>
    <message>
        <source>store the audit decision</source>
        <translation>保存审核决定</translation>
    </message>
    <message>
        <source>comment %1 is named as both the candidate and the reference</source>
        <translation>评论 %1 同时被指定为候选评论和参考</translation>
    </message>
    <message>
        <source>no reference %1 in this workspace</source>
        <translation>此工作区中没有参考 %1</translation>
    </message>
    <message>
        <source>comment %1 is not a reference (golden comment)</source>
        <translation>评论 %1 不是参考（标准评论）</translation>
    </message>
    <message>
        <source>comment %1 is a reference, not a reviewer's comment</source>
        <translation>评论 %1 是参考，而不是审查者的评论</translation>
    </message>
    <message>
        <source>reference %1 belongs to merge request %2, comment %3 to merge request %4</source>
        <translation>参考 %1 属于合并请求 %2，评论 %3 属于合并请求 %4</translation>
    </message>
    <message>
        <source>comment %1 belongs to merge request %2, not %3</source>
        <translation>评论 %1 属于合并请求 %2，而不是 %3</translation>
    </message>
    <message>
        <source>read the audit decisions</source>
        <translation>读取审核决定</translation>
    </message>
    <message>
        <source>take back the audit decision</source>
        <translation>撤回审核决定</translation>
    </message>
    <message>
        <source>Errata of imported ground truth: the references gold-gap triage added, with their provenance, as AACR-Bench and Code Review Bench entries</source>
        <translation>导入基准真值的勘误：基准真值缺口分诊新增的参考及其来源，以 AACR-Bench 和 Code Review Bench 条目写出</translation>
    </message>
    <message>
        <source>comment %1 is not in the triage queue (`reviewdesk-cli triage enqueue` puts false positives there)</source>
        <translation>评论 %1 不在分诊队列中（`reviewdesk-cli triage enqueue` 会把误报放入队列）</translation>
    </message>
    <message>
        <source>queue the comments for triage</source>
        <translation>将评论加入分诊队列</translation>
    </message>
    <message>
        <source>comment %1 is a comment of merge request %2, not of merge request %3</source>
        <translation>评论 %1 属于合并请求 %2，而不是合并请求 %3</translation>
    </message>
    <message>
        <source>an annotator's name is empty</source>
        <translation>标注者姓名为空</translation>
    </message>
    <message>
        <source>read the triage queue</source>
        <translation>读取分诊队列</translation>
    </message>
    <message>
        <source>store the triage answer</source>
        <translation>保存分诊回答</translation>
    </message>
    <message>
        <source>comment %1 is assigned for triage to %2, not to %3</source>
        <translation>评论 %1 的分诊分配给了 %2，而不是 %3</translation>
    </message>
    <message>
        <source>read the triage answers</source>
        <translation>读取分诊回答</translation>
    </message>
    <message>
        <source>store the triage adjudication</source>
        <translation>保存分诊裁决</translation>
    </message>
    <message>
        <source>the adjudicator's name is empty</source>
        <translation>裁决者姓名为空</translation>
    </message>
    <message>
        <source>read the triage adjudications</source>
        <translation>读取分诊裁决</translation>
    </message>
    <message>
        <source>take back the triage answer</source>
        <translation>撤回分诊回答</translation>
    </message>
</context>
<context>
    <name>rd::pipeline</name>
    <message>
        <source>no JSON with comments in the model's reply</source>
        <translation>模型的回答中没有包含评论的 JSON</translation>
    </message>
    <message>
        <source>cannot read the recording %1</source>
        <translation>无法读取录制文件 %1</translation>
    </message>
    <message>
        <source>%1 is not a recording of exchanges</source>
        <translation>%1 不是交互录制文件</translation>
    </message>
    <message>
        <source>%1: an exchange lacks its key or response</source>
        <translation>%1：某条交互缺少键或回答</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>not a run record: expected {"run":{"config":...}}</source>
        <translation>不是运行记录：应为 {"run":{"config":...}}</translation>
    </message>
    <message>
        <source>run configuration: "%1" must be a whole number from %2 to %3</source>
        <translation>运行配置：“%1”必须是 %2 到 %3 之间的整数</translation>
    </message>
    <message>
        <source>run configuration: roles.%1 must be an object</source>
        <translation>运行配置：roles.%1 必须是对象</translation>
    </message>
    <message>
        <source>run configuration: roles.%1 holds an API key; name the environment variable that holds it in "api_key_env" instead</source>
        <translation>运行配置：roles.%1 包含 API 密钥；请改为在 "api_key_env" 中填写保存密钥的环境变量名</translation>
    </message>
    <message>
        <source>run configuration: roles.%1.endpoint is missing</source>
        <translation>运行配置：缺少 roles.%1.endpoint</translation>
    </message>
    <message>
        <source>run configuration: roles.%1.endpoint must start with http://, https:// or replay:</source>
        <translation>运行配置：roles.%1.endpoint 必须以 http://、https:// 或 replay: 开头</translation>
    </message>
    <message>
        <source>run configuration: roles.%1.model is missing</source>
        <translation>运行配置：缺少 roles.%1.model</translation>
    </message>
    <message>
        <source>run configuration: roles.%1.api_key_env must be a variable name</source>
        <translation>运行配置：roles.%1.api_key_env 必须是变量名</translation>
    </message>
    <message>
        <source>run configuration: roles.%1.temperature must be a number from 0 to 2</source>
        <translation>运行配置：roles.%1.temperature 必须是 0 到 2 之间的数</translation>
    </message>
    <message>
        <source>run configuration: roles.%1.top_p must be a number above 0 and at most 1</source>
        <translation>运行配置：roles.%1.top_p 必须大于 0 且不超过 1</translation>
    </message>
    <message>
        <source>run configuration: roles.%1.max_tokens must be a whole number of at least 16</source>
        <translation>运行配置：roles.%1.max_tokens 必须是不小于 16 的整数</translation>
    </message>
    <message>
        <source>run configuration: roles.%1.seed must be a whole number</source>
        <translation>运行配置：roles.%1.seed 必须是整数</translation>
    </message>
    <message>
        <source>run configuration: not a JSON object</source>
        <translation>运行配置：不是 JSON 对象</translation>
    </message>
    <message>
        <source>run configuration: "slicing" must be original, parent, left or full</source>
        <translation>运行配置："slicing" 必须是 original、parent、left 或 full</translation>
    </message>
    <message>
        <source>run configuration: "thresholds" must be an object with nitpick and fake</source>
        <translation>运行配置："thresholds" 必须是含 nitpick 和 fake 的对象</translation>
    </message>
    <message>
        <source>run configuration: "cot" must be true or false</source>
        <translation>运行配置："cot" 必须是 true 或 false</translation>
    </message>
    <message>
        <source>run configuration: "line_format" must be inline, relative or none</source>
        <translation>运行配置："line_format" 必须是 inline、relative 或 none</translation>
    </message>
    <message>
        <source>run configuration: "language" must be a language name or empty</source>
        <translation>运行配置："language" 必须是语言名称或为空</translation>
    </message>
    <message>
        <source>run configuration: roles.reviewer is missing</source>
        <translation>运行配置：缺少 roles.reviewer</translation>
    </message>
    <message>
        <source>run configuration: unknown role "%1" (reviewer, meta_reviewer, validator, translator)</source>
        <translation>运行配置：未知角色“%1”（reviewer、meta_reviewer、validator、translator）</translation>
    </message>
    <message>
        <source>run configuration: unknown key "%1" (did you mean "%2"?)</source>
        <translation>运行配置：未知的键“%1”（是否想写“%2”？）</translation>
    </message>
    <message>
        <source>run configuration: unknown key "%1" (known keys: %2)</source>
        <translation>运行配置：未知的键“%1”（已知的键：%2）</translation>
    </message>
    <message>
        <source>run configuration: roles.%1.json_mode must be true or false</source>
        <translation>运行配置：roles.%1.json_mode 必须是 true 或 false</translation>
    </message>
    <message>
        <source>run configuration: "min_agreement" (%1) is more than "reviewers" (%2): no comment could pass</source>
        <translation>运行配置：“min_agreement”（%1）大于“reviewers”（%2）：没有评论能够通过</translation>
    </message>
    <message>
        <source>run configuration: "language" is set but roles.translator is missing</source>
        <translation>运行配置：设置了“language”，但缺少 roles.translator</translation>
    </message>
    <message>
        <source>run configuration: roles.translator is set but "language" is empty</source>
        <translation>运行配置：设置了 roles.translator，但“language”为空</translation>
    </message>
    <message>
        <source>run configuration: roles.%1.api_key_env names %2, which is not set in the environment</source>
        <translation>运行配置：roles.%1.api_key_env 指定的环境变量 %2 未设置</translation>
    </message>
    <message>
        <source>no folder %1</source>
        <translation>没有文件夹 %1</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1: no file; the PR counts with no generated comments</source>
        <translation>%1：没有文件；该 PR 按无生成评论计算</translation>
    </message>
    <message>
        <source>%1: no PR of the ground truth has this name; not evaluated</source>
        <translation>%1：真值中没有同名的 PR；未评估</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Coarse filter</source>
        <translation>粗过滤</translation>
    </message>
    <message>
        <source>Top-k</source>
        <translation>Top-k</translation>
    </message>
    <message>
        <source>+Meta Reviewer</source>
        <translation>+元评审者</translation>
    </message>
    <message>
        <source>+Validator</source>
        <translation>+验证者</translation>
    </message>
    <message>
        <source>unknown configuration</source>
        <translation>未知配置</translation>
    </message>
    <message>
        <source>%1, %2 reviewers, top-%3, %4, %5 line numbers</source>
        <translation>%1，%2 名评审者，top-%3，%4，%5 行号</translation>
    </message>
    <message>
        <source>CoT</source>
        <translation>CoT</translation>
    </message>
    <message>
        <source>no CoT</source>
        <translation>无 CoT</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>PRs</source>
        <translation>PR 数</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精确率</translation>
    </message>
    <message>
        <source>Recall</source>
        <translation>召回率</translation>
    </message>
    <message>
        <source>F1</source>
        <translation>F1</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Comments</source>
        <translation>评论</translation>
    </message>
    <message>
        <source>Configurations compared (after the last stage)</source>
        <translation>配置对比（最后阶段之后）</translation>
    </message>
    <message>
        <source>Slicing</source>
        <translation>切片</translation>
    </message>
    <message>
        <source>Reviewers</source>
        <translation>评审者</translation>
    </message>
    <message>
        <source>Line numbers</source>
        <translation>行号</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>AACR-Bench metrics (after the last stage)</source>
        <translation>AACR-Bench 指标（最后阶段之后）</translation>
    </message>
    <message>
        <source>Line precision</source>
        <translation>行匹配精确率</translation>
    </message>
    <message>
        <source>Line recall</source>
        <translation>行匹配召回率</translation>
    </message>
    <message>
        <source>Line F1</source>
        <translation>行匹配 F1</translation>
    </message>
    <message>
        <source>Semantic precision</source>
        <translation>语义匹配精确率</translation>
    </message>
    <message>
        <source>Semantic recall</source>
        <translation>语义匹配召回率</translation>
    </message>
    <message>
        <source>Semantic F1</source>
        <translation>语义匹配 F1</translation>
    </message>
    <message>
        <source>Noise rate</source>
        <translation>噪声率</translation>
    </message>
    <message>
        <source>Recall per category</source>
        <translation>各类别召回率</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Recall per context level</source>
        <translation>各上下文层级召回率</translation>
    </message>
    <message>
        <source>Context level</source>
        <translation>上下文级别</translation>
    </message>
    <message>
        <source>Per language</source>
        <translation>按语言</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Per PR category</source>
        <translation>按 PR 类别</translation>
    </message>
    <message>
        <source>PR category</source>
        <translation>PR 类别</translation>
    </message>
    <message>
        <source>Annotators' precision (accepted / judged)</source>
        <translation>标注者精确率（接受 / 已评判）</translation>
    </message>
    <message>
        <source>Judged</source>
        <translation>已评判</translation>
    </message>
    <message>
        <source>Accepted</source>
        <translation>已接受</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>no workspace is open</source>
        <translation>没有打开的工作区</translation>
    </message>
    <message>
        <source>no merge request is open</source>
        <translation>没有打开的合并请求</translation>
    </message>
    <message>
        <source>semantic match: %1</source>
        <translation>语义匹配：%1</translation>
    </message>
    <message>
        <source>cannot read the run configuration %1: %2</source>
        <translation>无法读取运行配置 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not a run configuration (a JSON object)</source>
        <translation>%1 不是运行配置（应为 JSON 对象）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>codeagent: roles.agent is needed</source>
        <translation>codeagent：需要 roles.agent</translation>
    </message>
    <message>
        <source>cqs: roles.collector and roles.judge are needed</source>
        <translation>cqs：需要 roles.collector 和 roles.judge</translation>
    </message>
    <message>
        <source>no issue list in the collector's reply</source>
        <translation>收集器的回复中没有问题列表</translation>
    </message>
    <message>
        <source>no score in the judge's reply</source>
        <translation>评判器的回复中没有分数</translation>
    </message>
    <message>
        <source>no JSON report in the answer</source>
        <translation>回答中没有 JSON 报告</translation>
    </message>
    <message>
        <source>the %1 pipeline is not part of this build</source>
        <translation>此版本不包含 %1 流水线</translation>
    </message>
    <message>
        <source>run configuration: "cqs" must be an object</source>
        <translation>运行配置："cqs" 必须是对象</translation>
    </message>
    <message>
        <source>run configuration: "cqs.tags" must be a list of tag names</source>
        <translation>运行配置："cqs.tags" 必须是标签名列表</translation>
    </message>
    <message>
        <source>run configuration: "cqs.rules" must be a list of rules</source>
        <translation>运行配置："cqs.rules" 必须是规则列表</translation>
    </message>
    <message>
        <source>run configuration: %1 must be an object</source>
        <translation>运行配置：%1 必须是对象</translation>
    </message>
    <message>
        <source>run configuration: %1tag is missing</source>
        <translation>运行配置：缺少 %1tag</translation>
    </message>
    <message>
        <source>run configuration: %1language must be a language name</source>
        <translation>运行配置：%1language 必须是语言名</translation>
    </message>
    <message>
        <source>run configuration: %1enabled must be true or false</source>
        <translation>运行配置：%1enabled 必须是 true 或 false</translation>
    </message>
    <message>
        <source>run configuration: %1min_score must be a whole number from 0 to 10</source>
        <translation>运行配置：%1min_score 必须是 0 到 10 的整数</translation>
    </message>
    <message>
        <source>run configuration: %1 repeats the rule for tag "%2"%3</source>
        <translation>运行配置：%1 重复了标签 "%2"%3 的规则</translation>
    </message>
    <message>
        <source>run configuration: "codeagent" must be an object</source>
        <translation>运行配置："codeagent" 必须是对象</translation>
    </message>
    <message>
        <source>run configuration: "codeagent.threshold" must be a number from 0 to 10</source>
        <translation>运行配置："codeagent.threshold" 必须是 0 到 10 的数</translation>
    </message>
    <message>
        <source>run configuration: "codeagent.tasks" must be a list of tasks (%1)</source>
        <translation>运行配置："codeagent.tasks" 必须是任务列表（%1）</translation>
    </message>
    <message>
        <source>run configuration: "codeagent.tasks" has "%1"; the tasks are %2</source>
        <translation>运行配置："codeagent.tasks" 含有 "%1"；可用任务为 %2</translation>
    </message>
    <message>
        <source>run configuration: roles.%1 is missing</source>
        <translation>运行配置：缺少 roles.%1</translation>
    </message>
    <message>
        <source>run configuration: the %1 pipeline has no role "%2" (its roles: %3)</source>
        <translation>运行配置：%1 流水线没有角色 "%2"（其角色：%3）</translation>
    </message>
    <message>
        <source>run configuration: roles.%1 is missing (the %2 pipeline needs it)</source>
        <translation>运行配置：缺少 roles.%1（%2 流水线需要它）</translation>
    </message>
    <message>
        <source>run configuration: "aacr" must be an object</source>
        <translation>运行配置："aacr" 必须是对象</translation>
    </message>
    <message>
        <source>run configuration: "pipeline" must be defect, cqs, aacr or codeagent</source>
        <translation>运行配置："pipeline" 必须是 defect、cqs、aacr 或 codeagent</translation>
    </message>
    <message>
        <source>run configuration: "%1" belongs to the %2 pipeline, not to %3</source>
        <translation>运行配置："%1" 属于 %2 流水线，而不属于 %3</translation>
    </message>
    <message>
        <source>run configuration: "cot" has no meaning for the %1 pipeline</source>
        <translation>运行配置："cot" 对 %1 流水线没有意义</translation>
    </message>
    <message>
        <source>BM25 index: %1</source>
        <translation>BM25 索引：%1</translation>
    </message>
    <message>
        <source>the answer has %1 vectors for %2 texts</source>
        <translation>回复中有 %1 个向量，但文本有 %2 段</translation>
    </message>
    <message>
        <source>%1: the model kept calling tools after its budget (%2); no review for this hunk</source>
        <translation>%1：模型在预算（%2）用尽后仍在调用工具；此代码块没有评审</translation>
    </message>
    <message>
        <source>preparing the %1 context</source>
        <translation>正在准备 %1 上下文</translation>
    </message>
    <message>
        <source>the %1 context could not be prepared: no hunk was reviewed</source>
        <translation>无法准备 %1 上下文：没有评审任何代码块</translation>
    </message>
    <message>
        <source>cancelled: %1 of %2 hunks were not reviewed</source>
        <translation>已取消：%2 个代码块中有 %1 个未评审</translation>
    </message>
    <message>
        <source>run configuration: "pipeline" must be "aacr" for the AACR-Bench hunk review</source>
        <translation>运行配置：AACR-Bench 代码块评审的“pipeline”必须是“aacr”</translation>
    </message>
    <message>
        <source>run configuration: context "embedding" needs roles.embedding (the /v1/embeddings endpoint and model)</source>
        <translation>运行配置：上下文“embedding”需要 roles.embedding（/v1/embeddings 端点和模型）</translation>
    </message>
    <message>
        <source>run configuration: aacr.chunk_overlap must be smaller than aacr.chunk_lines</source>
        <translation>运行配置：aacr.chunk_overlap 必须小于 aacr.chunk_lines</translation>
    </message>
    <message>
        <source>run configuration: aacr.cache_dir must be a folder path</source>
        <translation>运行配置：aacr.cache_dir 必须是文件夹路径</translation>
    </message>
    <message>
        <source>no review comment (&lt;note&gt;...&lt;/note&gt;) and no "no issues" in the model's reply</source>
        <translation>模型的回复中既没有评审意见（&lt;note&gt;...&lt;/note&gt;），也没有“无问题”</translation>
    </message>
    <message>
        <source>the model named %1, not the hunk's file</source>
        <translation>模型给出的是 %1，而不是该代码块所在的文件</translation>
    </message>
    <message>
        <source>no snippet or lines given</source>
        <translation>没有给出代码片段或行号</translation>
    </message>
    <message>
        <source>the snippet is not in the hunk</source>
        <translation>该代码片段不在代码块中</translation>
    </message>
    <message>
        <source>lines %1-%2 lie outside the hunk (%3-%4)</source>
        <translation>第 %1-%2 行不在代码块（%3-%4）内</translation>
    </message>
    <message>
        <source>BM25 index: %1: %2</source>
        <translation>BM25 索引：%1：%2</translation>
    </message>
    <message>
        <source>cannot open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <source>cannot create the table</source>
        <translation>无法创建表</translation>
    </message>
    <message>
        <source>BM25 index: cannot write %1</source>
        <translation>BM25 索引：无法写入 %1</translation>
    </message>
    <message>
        <source>embedding cache %1: %2</source>
        <translation>嵌入缓存 %1：%2</translation>
    </message>
    <message>
        <source>embeddings: vector %1 has %2 dimensions, the first has %3</source>
        <translation>嵌入：向量 %1 有 %2 维，第一个向量有 %3 维</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Annotator agreement (Cohen's kappa)</source>
        <translation>标注者一致性（Cohen's kappa）</translation>
    </message>
    <message>
        <source>Annotators</source>
        <translation>标注者</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Both judged</source>
        <translation>双方均已评判</translation>
    </message>
    <message>
        <source>Agreement</source>
        <translation>一致率</translation>
    </message>
    <message>
        <source>Kappa</source>
        <translation>Kappa</translation>
    </message>
    <message>
        <source>run configuration: roles.%1 has both endpoint and endpoints; give one of them</source>
        <translation>运行配置：roles.%1 同时有 endpoint 和 endpoints；请只给出其中之一</translation>
    </message>
    <message>
        <source>run configuration: roles.%1.endpoints must be a list of base URLs</source>
        <translation>运行配置：roles.%1.endpoints 必须是基础 URL 的列表</translation>
    </message>
    <message>
        <source>run configuration: every one of roles.%1.endpoints must start with http:// or https://</source>
        <translation>运行配置：roles.%1.endpoints 中的每一项都必须以 http:// 或 https:// 开头</translation>
    </message>
    <message>
        <source>run configuration: roles.%1.endpoints lists %2 twice</source>
        <translation>运行配置：roles.%1.endpoints 中 %2 出现了两次</translation>
    </message>
    <message>
        <source>the model's reply is %1 MiB, more than the %2 MiB a reply may have; not read</source>
        <translation>模型的回复有 %1 MiB，超过回复允许的 %2 MiB；未读取</translation>
    </message>
    <message>
        <source>the model's reply nests JSON deeper than %1 levels; not read</source>
        <translation>模型的回复中 JSON 嵌套超过 %1 层；未读取</translation>
    </message>
    <message>
        <source>a run journal's header must be a JSON object</source>
        <translation>运行日志的头部必须是 JSON 对象</translation>
    </message>
    <message>
        <source>cannot create the run journal %1: %2</source>
        <translation>无法创建运行日志 %1：%2</translation>
    </message>
    <message>
        <source>cannot write the run journal %1: %2</source>
        <translation>无法写入运行日志 %1：%2</translation>
    </message>
    <message>
        <source>cannot open the run journal %1: %2</source>
        <translation>无法打开运行日志 %1：%2</translation>
    </message>
    <message>
        <source>%1:%2: not a run journal line</source>
        <translation>%1:%2：不是运行日志的行</translation>
    </message>
    <message>
        <source>%1:%2: an answer without its key or response</source>
        <translation>%1:%2：回答缺少其键或响应</translation>
    </message>
    <message>
        <source>%1 is not a run journal (no header line)</source>
        <translation>%1 不是运行日志（没有头部行）</translation>
    </message>
    <message>
        <source>cannot repair the run journal %1: %2</source>
        <translation>无法修复运行日志 %1：%2</translation>
    </message>
    <message>
        <source>No</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Relative</source>
        <translation>相对</translation>
    </message>
    <message>
        <source>Inline</source>
        <translation>内联</translation>
    </message>
    <message>
        <source>w/ CoT</source>
        <translation>有 CoT</translation>
    </message>
    <message>
        <source>w/o CoT</source>
        <translation>无 CoT</translation>
    </message>
    <message>
        <source>Slicing algorithm x stage: KBI and CPI1 (Table 3)</source>
        <translation>切片算法 × 阶段：KBI 与 CPI1（表 3）</translation>
    </message>
    <message>
        <source>Reviewers, one against several (Table 4)</source>
        <translation>审查者数量：一个对多个（表 4）</translation>
    </message>
    <message>
        <source>Chain-of-thought on and off (Table 6)</source>
        <translation>思维链开与关（表 6）</translation>
    </message>
    <message>
        <source>Line-number format (Table 8)</source>
        <translation>行号格式（表 8）</translation>
    </message>
    <message>
        <source>cannot read the judge's run configuration %1: %2</source>
        <translation>无法读取评判模型的运行配置 %1：%2</translation>
    </message>
    <message>
        <source>no merge request %1 in this workspace</source>
        <translation>此工作区中没有合并请求 %1</translation>
    </message>
    <message>
        <source>the run journal %1 is in use by another run (process %2)</source>
        <translation>运行日志 %1 正被另一个运行使用（进程 %2）</translation>
    </message>
    <message>
        <source>its first line is not the header of a review run</source>
        <translation>其第一行不是评审运行的头部</translation>
    </message>
    <message>
        <source>its header has no "%1"</source>
        <translation>其头部缺少 "%1"</translation>
    </message>
    <message>
        <source>no run journal '%1' (neither a file nor a run id in %2)</source>
        <translation>没有运行日志“%1”（既不是文件，也不是 %2 中的运行 ID）</translation>
    </message>
    <message>
        <source>unreadable configuration</source>
        <translation>无法读取的配置</translation>
    </message>
    <message>
        <source>no diff for %1 of %2 PRs (give --diffs DIR with {repo}_{pr}.diff)</source>
        <translation>%2 个 PR 中有 %1 个没有差异（请用 --diffs DIR 提供 {repo}_{pr}.diff）</translation>
    </message>
    <message>
        <source>the diffs have no hunks</source>
        <translation>差异中没有块</translation>
    </message>
    <message>
        <source>%1, line %2: "@@" starts no hunk header</source>
        <translation>%1，第 %2 行："@@" 没有开始块头</translation>
    </message>
    <message>
        <source>%1: not a unified diff (no diff, ---/+++ or @@ line)</source>
        <translation>%1：不是统一差异格式（没有 diff、---/+++ 或 @@ 行）</translation>
    </message>
    <message>
        <source>Comments per patch</source>
        <translation>每个补丁的评论数</translation>
    </message>
    <message>
        <source>Comments per PR</source>
        <translation>每个 PR 的评论数</translation>
    </message>
    <message>
        <source>Metrics per pipeline stage (pooled over runs)</source>
        <translation>各流水线阶段的指标（合并所有运行）</translation>
    </message>
    <message>
        <source>Metrics per pipeline stage: mean (min-max) over runs</source>
        <translation>各流水线阶段的指标：各次运行的平均值（最小值-最大值）</translation>
    </message>
    <message>
        <source>CQS issue collector and judge</source>
        <translation>CQS 问题收集与评审</translation>
    </message>
    <message>
        <source>CodeAgent</source>
        <translation>CodeAgent</translation>
    </message>
    <message>
        <source>AACR-Bench hunk review, %1 context</source>
        <translation>AACR-Bench 代码块评审，%1 上下文</translation>
    </message>
    <message>
        <source>no file named</source>
        <translation>未指明文件</translation>
    </message>
    <message>
        <source>%1 is not a file the pull request changes</source>
        <translation>%1 不是该拉取请求修改的文件</translation>
    </message>
    <message>
        <source>lines %1-%2 lie outside the changed hunks of %3</source>
        <translation>第 %1-%2 行不在 %3 的修改块内</translation>
    </message>
    <message>
        <source>no verdict (&lt;verdict&gt;confirm&lt;/verdict&gt; or &lt;verdict&gt;drop&lt;/verdict&gt;) in the sub-agent's reply</source>
        <translation>子智能体的回复中没有结论（&lt;verdict&gt;confirm&lt;/verdict&gt; 或 &lt;verdict&gt;drop&lt;/verdict&gt;）</translation>
    </message>
    <message>
        <source>the sub-agent's verdict "%1" is neither confirm nor drop</source>
        <translation>子智能体的结论 "%1" 既不是 confirm 也不是 drop</translation>
    </message>
    <message>
        <source>%1: the model kept calling tools after its budget (%2); the pull request has no findings</source>
        <translation>%1：模型在预算（%2）用尽后仍在调用工具；该拉取请求没有发现</translation>
    </message>
    <message>
        <source>%1: %2 (the reply is kept in %3)</source>
        <translation>%1：%2（回复保存在 %3 中）</translation>
    </message>
    <message>
        <source>the sub-agent kept calling tools after its budget (%1)</source>
        <translation>子智能体在预算（%1）用尽后仍在调用工具</translation>
    </message>
    <message>
        <source>cancelled before a verdict</source>
        <translation>在得出结论前已取消</translation>
    </message>
    <message>
        <source>its request failed (%1)</source>
        <translation>其请求失败（%1）</translation>
    </message>
    <message>
        <source>%1: %2; the finding is dropped unvalidated</source>
        <translation>%1：%2；该发现未经验证即被丢弃</translation>
    </message>
    <message>
        <source>the agent-pr context could not be prepared: the pull request was not reviewed</source>
        <translation>无法准备 agent-pr 上下文：未评审该拉取请求</translation>
    </message>
    <message>
        <source>explored the pull request: %1 findings</source>
        <translation>已探索拉取请求：%1 个发现</translation>
    </message>
    <message>
        <source>the agent reported %1 findings; the %2 after the first %3 (aacr.max_findings) were dropped unvalidated</source>
        <translation>智能体报告了 %1 个发现；前 %3 个（aacr.max_findings）之后的 %2 个未经验证即被丢弃</translation>
    </message>
    <message>
        <source>validated %1: %2</source>
        <translation>已验证 %1：%2</translation>
    </message>
    <message>
        <source>no verdict</source>
        <translation>无结论</translation>
    </message>
    <message>
        <source>run configuration: "context" must be none, bm25, embedding, agent or agent-pr</source>
        <translation>运行配置："context" 必须是 none、bm25、embedding、agent 或 agent-pr</translation>
    </message>
    <message>
        <source>%1 without the QA-Checker</source>
        <translation>%1（无 QA-Checker）</translation>
    </message>
    <message>
        <source>CodeAgent detection (codeagent.txt §4: hit rate, recall, F1 per merge request)</source>
        <translation>CodeAgent 检测（codeagent.txt §4：按合并请求计的命中率、召回率、F1）</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Merge requests</source>
        <translation>合并请求</translation>
    </message>
    <message>
        <source>Find</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Confirm</source>
        <translation>确认</translation>
    </message>
    <message>
        <source>Rate_cr</source>
        <translation>Rate_cr</translation>
    </message>
    <message>
        <source>Rate_ca</source>
        <translation>Rate_ca</translation>
    </message>
    <message>
        <source>Unverified</source>
        <translation>未核实</translation>
    </message>
    <message>
        <source>a judge evaluation is running</source>
        <translation>有评审评估正在运行</translation>
    </message>
    <message>
        <source>repeats must be at least 1, the balanced size not negative, and the minimum score from 0 to 10</source>
        <translation>重复次数至少为 1，平衡样本数不能为负，最低分须在 0 到 10 之间</translation>
    </message>
    <message>
        <source>the items of an earlier evaluation are not sampled again: leave out the balanced size</source>
        <translation>不会对先前评估的条目重新抽样：请去掉平衡样本数</translation>
    </message>
    <message>
        <source>judge evaluation %1</source>
        <translation>评审评估 %1</translation>
    </message>
    <message>
        <source>judge evaluation %1 lists no items</source>
        <translation>评审评估 %1 没有列出任何条目</translation>
    </message>
    <message>
        <source>%1 has judged nothing in this workspace</source>
        <translation>%1 在此工作区中没有做过任何评判</translation>
    </message>
    <message>
        <source>%1 of the %2 items of judge evaluation %3 have no label now</source>
        <translation>评审评估 %3 的 %2 个条目中有 %1 个现在没有标签</translation>
    </message>
    <message>
        <source>no comment has a label to compare the judge with (accepted or rejected, or thumbs up or down)</source>
        <translation>没有带标签的评论可与评审模型对比（接受或拒绝，或赞成或反对）</translation>
    </message>
    <message>
        <source>the answer has %1 vectors for 2 texts</source>
        <translation>回答中有 %1 个向量，而文本有 2 段</translation>
    </message>
    <message>
        <source>codeagent: roles.qa_checker needs roles.embedding (the QA-Checker's relevance term)</source>
        <translation>codeagent：roles.qa_checker 需要 roles.embedding（QA-Checker 的相关性项）</translation>
    </message>
    <message>
        <source>the QA-Checker's coreference rating %1 is outside 0 to 10</source>
        <translation>QA-Checker 的指代一致性评分 %1 不在 0 到 10 之间</translation>
    </message>
    <message>
        <source>no coreference rating in the QA-Checker's reply</source>
        <translation>QA-Checker 的回复中没有指代一致性评分</translation>
    </message>
    <message>
        <source>run configuration: roles.qa_checker needs roles.embedding (the /v1/embeddings endpoint and model of the QA-Checker's relevance)</source>
        <translation>运行配置：roles.qa_checker 需要 roles.embedding（QA-Checker 相关性所用的 /v1/embeddings 端点和模型）</translation>
    </message>
    <message>
        <source>run configuration: roles.embedding is the QA-Checker's; without roles.qa_checker nothing uses it</source>
        <translation>运行配置：roles.embedding 供 QA-Checker 使用；没有 roles.qa_checker 时无人使用它</translation>
    </message>
    <message>
        <source>its merge request has no reference issue to compare it with</source>
        <translation>其合并请求没有可供比较的参考问题</translation>
    </message>
    <message>
        <source>says what reference %1 says</source>
        <translation>与参考 %1 表达相同</translation>
    </message>
    <message>
        <source>Tag</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>References</source>
        <translation>参考问题</translation>
    </message>
    <message>
        <source>Located</source>
        <translation>位置匹配</translation>
    </message>
    <message>
        <source>Exact tag match rate</source>
        <translation>标签精确匹配率</translation>
    </message>
    <message>
        <source>Rationale match rate</source>
        <translation>理由匹配率</translation>
    </message>
    <message>
        <source>Generated</source>
        <translation>生成</translation>
    </message>
    <message>
        <source>Generated matched</source>
        <translation>生成并匹配</translation>
    </message>
    <message>
        <source>Per tag, CQS §4: location, then exact tag match, then rationale (after the last stage); the judge's scores (App. C, Table 3)</source>
        <translation>按标签（CQS §4）：先按位置，再精确匹配标签，再比较理由（最后一个阶段之后）；评判器的分数（附录 C，表 3）</translation>
    </message>
    <message>
        <source>Judge score mean</source>
        <translation>评判分数均值</translation>
    </message>
    <message>
        <source>Judge score std</source>
        <translation>评判分数标准差</translation>
    </message>
    <message>
        <source>the judge's score %1 is outside -1 to 10</source>
        <translation>评判器的分数 %1 不在 -1 到 10 之间</translation>
    </message>
    <message>
        <source>%1: the released runner evaluates it against %2 (it matches names by substring)</source>
        <translation>%1：发布的运行器将其与 %2 对照评估（它按子串匹配文件名）</translation>
    </message>
    <message>
        <source>%1: no file; the released runner does not count the PR</source>
        <translation>%1：没有文件；发布的运行器不计入该 PR</translation>
    </message>
    <message>
        <source>--mr-filter takes LABEL=VALUE[,VALUE...] (e.g. language=Go or pr_size=large), not '%1'</source>
        <translation>--mr-filter 的格式为 LABEL=VALUE[,VALUE...]（如 language=Go 或 pr_size=large），而不是 '%1'</translation>
    </message>
    <message>
        <source>the bootstrap takes 1 to 1,000,000 resamples, not %1</source>
        <translation>自助法的重抽样次数为 1 到 1,000,000，而不是 %1</translation>
    </message>
    <message>
        <source>beta must be a number above 0, not %1</source>
        <translation>beta 必须是大于 0 的数，而不是 %1</translation>
    </message>
    <message>
        <source>the interval's level must lie between 0 and 1, not %1</source>
        <translation>区间的置信水平必须在 0 和 1 之间，而不是 %1</translation>
    </message>
    <message>
        <source>--mr-filter %1: no merge request has the label '%1' (labels: %2)</source>
        <translation>--mr-filter %1：没有合并请求带有标签 '%1'（标签：%2）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>--mr-filter %1=%2: no merge request passes (values of %1: %3)</source>
        <translation>--mr-filter %1=%2：没有合并请求符合（%1 的取值：%3）</translation>
    </message>
    <message>
        <source>--judge %1: no such judge (judges: %2)</source>
        <translation>--judge %1：没有这个评审者（评审者：%2）</translation>
    </message>
    <message>
        <source>--judge people: people judge the workspace's own runs, and no run of the merge requests compared has one</source>
        <translation>--judge people：人评判的是工作区自己的运行，而所比较的合并请求没有任何运行</translation>
    </message>
    <message>
        <source>judge %1: no judged merge request passes the filters</source>
        <translation>评审者 %1：没有已评审的合并请求符合筛选条件</translation>
    </message>
    <message>
        <source>nothing to compare: no run of ours with references, and no imported judge's verdicts (import --code-review-bench DIR)</source>
        <translation>没有可比较的内容：没有带参考问题的本地运行，也没有导入的评审者判定（import --code-review-bench DIR）</translation>
    </message>
    <message>
        <source>the reference snapshot '%1' has no references for merge request %2 (%3): it was added after the snapshot was frozen. Evaluate the other runs (--run), or freeze a new snapshot</source>
        <translation>参考快照“%1”没有合并请求 %2（%3）的参考问题：该合并请求是在快照冻结之后添加的。请评估其他运行（--run），或冻结一个新快照</translation>
    </message>
    <message>
        <source>no reference snapshot '%1' in this workspace (it has none; `reviewdesk-cli references freeze` makes one)</source>
        <translation>此工作区中没有参考快照“%1”（工作区尚无快照；`reviewdesk-cli references freeze` 可创建一个）</translation>
    </message>
    <message>
        <source>no reference snapshot '%1' in this workspace (it has: %2)</source>
        <translation>此工作区中没有参考快照“%1”（现有：%2）</translation>
    </message>
    <message>
        <source>you have cast as many votes as the cap allows</source>
        <translation>你的投票数已达到上限</translation>
    </message>
    <message>
        <source>you have voted on (or skipped) every pair of reviews</source>
        <translation>你已对每一对评审投票（或跳过）</translation>
    </message>
    <message>
        <source>no merge request has runs of two different configurations to compare</source>
        <translation>没有合并请求包含两种不同配置的运行可供比较</translation>
    </message>
    <message>
        <source>the judge's configuration is not a JSON object</source>
        <translation>评判模型的配置不是 JSON 对象</translation>
    </message>
    <message>
        <source>the judge's configuration: roles.judge is missing (its endpoint and model)</source>
        <translation>评判模型的配置：缺少 roles.judge（其端点和模型）</translation>
    </message>
    <message>
        <source>cannot read the judge's configuration %1: %2</source>
        <translation>无法读取评判模型的配置 %1：%2</translation>
    </message>
    <message>
        <source>no JSON object with a "winner" in the judge's answer</source>
        <translation>评判模型的回答中没有带 "winner" 的 JSON 对象</translation>
    </message>
    <message>
        <source>the judge's winner %1 is not "A", "B" or "tie"</source>
        <translation>评判模型给出的胜者 %1 不是 "A"、"B" 或 "tie"</translation>
    </message>
    <message>
        <source>repeats must be at least 1 and the sample not negative</source>
        <translation>重复次数至少为 1，样本数不能为负数</translation>
    </message>
    <message>
        <source>no merge request has runs of two configurations to sample a pair from</source>
        <translation>没有合并请求包含两种配置的运行，无法抽取成对样本</translation>
    </message>
    <message>
        <source>nobody has voted on a pair yet: vote first (prefer), or ask about a --sample of pairs</source>
        <translation>还没有人对任何一对评审投票：请先投票（prefer），或用 --sample 抽取成对样本来询问</translation>
    </message>
    <message>
        <source>References: the live set '%1'; references: %2, merge requests: %3, fingerprint: %4</source>
        <translation>参考问题：实时集合“%1”；参考问题数：%2，合并请求数：%3，指纹：%4</translation>
    </message>
    <message>
        <source>References: snapshot '%1' (set '%2', frozen by %3 on %4); references: %5, merge requests: %6, fingerprint: %7</source>
        <translation>参考问题：快照“%1”（集合“%2”，由 %3 于 %4 冻结）；参考问题数：%5，合并请求数：%6，指纹：%7</translation>
    </message>
    <message>
        <source>; key-bug flags disputed and not adjudicated (no reference until decided): %1</source>
        <translation>；存在分歧且未裁决的关键缺陷标记（裁决前不作为参考问题）：%1</translation>
    </message>
    <message>
        <source>; the live set has moved since (references: %1, fingerprint: %2)</source>
        <translation>；此后实时集合已变化（参考问题数：%1，指纹：%2）</translation>
    </message>
    <message>
        <source>a reference snapshot needs a name</source>
        <translation>参考快照需要一个名称</translation>
    </message>
    <message>
        <source>'%1' names a live reference set (all, aacr, key-bugs, live); give the snapshot another name</source>
        <translation>“%1”是实时参考集合的名称（all、aacr、key-bugs、live）；请为快照另取名称</translation>
    </message>
    <message>
        <source>a reference snapshot needs the name of who freezes it</source>
        <translation>参考快照需要冻结者的名称</translation>
    </message>
    <message>
        <source>a reference snapshot named '%1' exists already (frozen by %2 on %3); a snapshot is never replaced, so freeze under another name</source>
        <translation>名为“%1”的参考快照已存在（由 %2 于 %3 冻结）；快照永不被替换，请以其他名称冻结</translation>
    </message>
    <message>
        <source>%1 temperature %2</source>
        <translation>%1 温度 %2</translation>
    </message>
    <message>
        <source>%1 top-p %2</source>
        <translation>%1 top-p %2</translation>
    </message>
    <message>
        <source>%1 top-p default</source>
        <translation>%1 top-p 默认</translation>
    </message>
    <message>
        <source>%1 max tokens %2</source>
        <translation>%1 最大令牌数 %2</translation>
    </message>
    <message>
        <source>%1 JSON mode</source>
        <translation>%1 JSON 模式</translation>
    </message>
    <message>
        <source>%1 without JSON mode</source>
        <translation>%1 无 JSON 模式</translation>
    </message>
    <message>
        <source>%1 reviewers</source>
        <translation>%1 名评审者</translation>
    </message>
    <message>
        <source>top-%1</source>
        <translation>top-%1</translation>
    </message>
    <message>
        <source>%1 line numbers</source>
        <translation>%1 行号</translation>
    </message>
    <message>
        <source>nitpick threshold %1</source>
        <translation>吹毛求疵阈值 %1</translation>
    </message>
    <message>
        <source>fake threshold %1</source>
        <translation>虚假阈值 %1</translation>
    </message>
    <message>
        <source>agreement of %1</source>
        <translation>%1 人一致</translation>
    </message>
    <message>
        <source>slices of %1 tokens</source>
        <translation>%1 令牌的切片</translation>
    </message>
    <message>
        <source>reviewer</source>
        <translation>评审者</translation>
    </message>
    <message>
        <source>meta-reviewer</source>
        <translation>元审查者</translation>
    </message>
    <message>
        <source>no meta-reviewer</source>
        <translation>无元审查者</translation>
    </message>
    <message>
        <source>validator</source>
        <translation>验证者</translation>
    </message>
    <message>
        <source>no validator</source>
        <translation>无验证者</translation>
    </message>
    <message>
        <source>untranslated</source>
        <translation>不翻译</translation>
    </message>
    <message>
        <source>translated to %1</source>
        <translation>译为 %1</translation>
    </message>
    <message>
        <source>translator</source>
        <translation>翻译者</translation>
    </message>
    <message>
        <source>threshold %1</source>
        <translation>阈值 %1</translation>
    </message>
    <message>
        <source>collector</source>
        <translation>收集者</translation>
    </message>
    <message>
        <source>judge</source>
        <translation>评判者</translation>
    </message>
    <message>
        <source>%1 context lines</source>
        <translation>%1 行上下文</translation>
    </message>
    <message>
        <source>no extra tags</source>
        <translation>无额外标签</translation>
    </message>
    <message>
        <source>extra tags %1</source>
        <translation>额外标签 %1</translation>
    </message>
    <message>
        <source>%1 off</source>
        <translation>%1 关闭</translation>
    </message>
    <message>
        <source>%1 from score %2</source>
        <translation>%1 自评分 %2 起</translation>
    </message>
    <message>
        <source>%1 on</source>
        <translation>%1 开启</translation>
    </message>
    <message>
        <source>QA-Checker on</source>
        <translation>QA-Checker 开启</translation>
    </message>
    <message>
        <source>QA-Checker off</source>
        <translation>QA-Checker 关闭</translation>
    </message>
    <message>
        <source>τ %1</source>
        <translation>τ %1</translation>
    </message>
    <message>
        <source>agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>QA-Checker</source>
        <translation>QA-Checker</translation>
    </message>
    <message>
        <source>embeddings %1</source>
        <translation>嵌入 %1</translation>
    </message>
    <message>
        <source>tasks %1</source>
        <translation>任务 %1</translation>
    </message>
    <message>
        <source>%1 turns</source>
        <translation>%1 轮</translation>
    </message>
    <message>
        <source>%1 context</source>
        <translation>%1 上下文</translation>
    </message>
    <message>
        <source>top-%1 chunks</source>
        <translation>top-%1 片段</translation>
    </message>
    <message>
        <source>chunks of %1 lines</source>
        <translation>%1 行的片段</translation>
    </message>
    <message>
        <source>chunk overlap %1</source>
        <translation>片段重叠 %1</translation>
    </message>
    <message>
        <source>files up to %1 bytes</source>
        <translation>文件至多 %1 字节</translation>
    </message>
    <message>
        <source>exact search up to %1 vectors</source>
        <translation>精确搜索至多 %1 个向量</translation>
    </message>
    <message>
        <source>tool answers of %1 characters</source>
        <translation>工具回答 %1 个字符</translation>
    </message>
    <message>
        <source>%1 tokens per hunk</source>
        <translation>每个代码块 %1 令牌</translation>
    </message>
    <message>
        <source>%1 turns over the pull request</source>
        <translation>整个拉取请求 %1 轮</translation>
    </message>
    <message>
        <source>%1 tokens over the pull request</source>
        <translation>整个拉取请求 %1 令牌</translation>
    </message>
    <message>
        <source>%1 findings validated</source>
        <translation>验证 %1 项发现</translation>
    </message>
    <message>
        <source>%1 turns per validation</source>
        <translation>每次验证 %1 轮</translation>
    </message>
    <message>
        <source>%1 tokens per validation</source>
        <translation>每次验证 %1 令牌</translation>
    </message>
    <message>
        <source>pipeline %1</source>
        <translation>流水线 %1</translation>
    </message>
    <message>
        <source>choose an annotator before voting</source>
        <translation>投票前请先选择标注者</translation>
    </message>
    <message>
        <source>the cap of votes cannot be negative</source>
        <translation>投票上限不能为负数</translation>
    </message>
    <message>
        <source>there is no pair to vote on: %1</source>
        <translation>没有可投票的评审对：%1</translation>
    </message>
    <message>
        <source>Runs with coverage</source>
        <translation>有覆盖率记录的运行</translation>
    </message>
    <message>
        <source>Changed lines</source>
        <translation>变更行</translation>
    </message>
    <message>
        <source>Reviewed lines</source>
        <translation>已审阅行</translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation>覆盖率</translation>
    </message>
    <message>
        <source>Found</source>
        <translation>已发现</translation>
    </message>
    <message>
        <source>Missed</source>
        <translation>遗漏</translation>
    </message>
    <message>
        <source>Unreviewed</source>
        <translation>未审阅</translation>
    </message>
    <message>
        <source>Coverage: changed lines a model saw, and references missed or unreviewed (last stage)</source>
        <translation>覆盖率：模型看到的变更行，以及遗漏或未审阅的参考问题（最后阶段）</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>未记录</translation>
    </message>
    <message>
        <source>run %1: %2</source>
        <translation>运行 %1：%2</translation>
    </message>
    <message>
        <source>the %1 context could not be prepared</source>
        <translation>无法准备 %1 上下文</translation>
    </message>
    <message>
        <source>the run was cancelled before this hunk</source>
        <translation>运行在此代码块之前被取消</translation>
    </message>
    <message>
        <source>the run was cancelled before the exploration answered</source>
        <translation>运行在探索给出回答之前被取消</translation>
    </message>
    <message>
        <source>run configuration: %1 must be an object with input_per_mtok and output_per_mtok (US dollars per million tokens)</source>
        <translation>运行配置：%1 必须是包含 input_per_mtok 和 output_per_mtok 的对象（每百万词元的美元价格）</translation>
    </message>
    <message>
        <source>run configuration: %1 is missing (US dollars per million tokens; 0 when free)</source>
        <translation>运行配置：缺少 %1（每百万词元的美元价格；免费时为 0）</translation>
    </message>
    <message>
        <source>run configuration: %1 must be a number of US dollars per million tokens, 0 or more</source>
        <translation>运行配置：%1 必须是每百万词元的美元价格，为 0 或更大的数</translation>
    </message>
    <message>
        <source>no unit of the run (slice, hunk, file) held this line: see the run's slicing diagnostics</source>
        <translation>运行中没有任何单元（切片、代码块、文件）包含此行：请查看该运行的切片诊断</translation>
    </message>
    <message>
        <source>not a run record: expected {"run":{...}}</source>
        <translation>不是运行记录：应为 {"run":{...}}</translation>
    </message>
    <message>
        <source>the sample of agreements is a number of pairs from 0 up, not %1</source>
        <translation>一致项样本数必须是 0 或以上的对数，而不是 %1</translation>
    </message>
    <message>
        <source>no judge's verdicts to audit: import a benchmark with its judges first (import --code-review-bench DIR)</source>
        <translation>没有可审核的评审模型结论：请先导入带评审模型的基准（import --code-review-bench DIR）</translation>
    </message>
    <message>
        <source>choose an annotator before auditing the judges</source>
        <translation>审核评审模型前请先选择标注者</translation>
    </message>
    <message>
        <source>there is no pair to decide</source>
        <translation>没有需要决定的对</translation>
    </message>
    <message>
        <source>this merge request has no runs yet: review it twice, with two different configurations, to compare the reviews</source>
        <translation>此合并请求还没有运行：用两种不同的配置各审查一次，才能比较两份审查</translation>
    </message>
    <message>
        <source>this merge request has one run: review it again with another configuration to compare the two reviews</source>
        <translation>此合并请求只有一次运行：用另一种配置再审查一次，才能比较两份审查</translation>
    </message>
    <message numerus="yes">
        <source>the %n runs of this merge request are all of one configuration: only reviews by different configurations are compared</source>
        <translation><numerusform>此合并请求的 %n 次运行都属于同一种配置：只比较不同配置的审查</numerusform></translation>
    </message>
    <message>
        <source>the comparison was cancelled</source>
        <translation>比较已取消</translation>
    </message>
    <message>
        <source>triage asks two or more annotators (blind double annotation), not only '%1'</source>
        <translation>分诊需要两名或更多标注者（盲审双重标注），不能只有 '%1'</translation>
    </message>
    <message>
        <source>choose an annotator before answering the triage queue</source>
        <translation>回答分诊队列前请先选择标注者</translation>
    </message>
    <message>
        <source>there is no comment to answer</source>
        <translation>没有要回答的评论</translation>
    </message>
    <message>
        <source>Key bug inclusion: 100 · Σ key issues found / Σ key issues; not defined without references. Defect-focused review paper, App. M.1, Eq. 1.</source>
        <translation>关键缺陷包含率：100 · Σ 找到的关键问题 / Σ 关键问题；无参考时不定义。缺陷导向审查论文，附录 M.1，式 1。</translation>
    </message>
    <message>
        <source>False alarm rate: the mean over all merge requests of 100 · false alarms / comments. Defect-focused review paper, App. M.2, Eq. 2.</source>
        <translation>误报率：所有合并请求上 100 · 误报 / 评论 的平均值。缺陷导向审查论文，附录 M.2，式 2。</translation>
    </message>
    <message>
        <source>False alarm rate over the merge requests where a key issue was found ('—' when none). Defect-focused review paper, App. M.2, Eq. 3.</source>
        <translation>在找到关键问题的合并请求上的误报率（没有时为“—”）。缺陷导向审查论文，附录 M.2，式 3。</translation>
    </message>
    <message>
        <source>Comprehensive performance index: 2 · KBI · (100 − FAR1) / (KBI + 100 − FAR1). Defect-focused review paper, App. M.3, Eq. 4.</source>
        <translation>综合性能指数：2 · KBI · (100 − FAR1) / (KBI + 100 − FAR1)。缺陷导向审查论文，附录 M.3，式 4。</translation>
    </message>
    <message>
        <source>Comprehensive performance index with FAR2: 2 · KBI · (100 − FAR2) / (KBI + 100 − FAR2). Defect-focused review paper, App. M.3, Eq. 5.</source>
        <translation>使用 FAR2 的综合性能指数：2 · KBI · (100 − FAR2) / (KBI + 100 − FAR2)。缺陷导向审查论文，附录 M.3，式 5。</translation>
    </message>
    <message>
        <source>Line localization success rate: the mean over all merge requests of 100 · comments on valid lines / comments. Defect-focused review paper, App. M.4, Eq. 6.</source>
        <translation>行定位成功率：所有合并请求上 100 · 位于有效行的评论 / 评论 的平均值。缺陷导向审查论文，附录 M.4，式 6。</translation>
    </message>
    <message>
        <source>Comments that found a reference / comments. AACR-Bench §4.2.</source>
        <translation>找到参考的评论 / 评论。AACR-Bench §4.2。</translation>
    </message>
    <message>
        <source>References found / references. AACR-Bench §4.2.</source>
        <translation>找到的参考 / 参考。AACR-Bench §4.2。</translation>
    </message>
    <message>
        <source>2 · precision · recall / (precision + recall). AACR-Bench §4.2.</source>
        <translation>2 · 精确率 · 召回率 / (精确率 + 召回率)。AACR-Bench §4.2。</translation>
    </message>
    <message>
        <source>Comments whose lines match a reference's / comments. AACR-Bench §4.2 (the released evaluator's line match).</source>
        <translation>行与参考匹配的评论 / 评论。AACR-Bench §4.2（已发布评估器的行匹配）。</translation>
    </message>
    <message>
        <source>References matched by a comment's lines / references. AACR-Bench §4.2.</source>
        <translation>被评论行匹配的参考 / 参考。AACR-Bench §4.2。</translation>
    </message>
    <message>
        <source>2 · P · R / (P + R) of the line match. AACR-Bench §4.2.</source>
        <translation>行匹配的 2 · P · R / (P + R)。AACR-Bench §4.2。</translation>
    </message>
    <message>
        <source>Comments the judge matched to a reference / comments. AACR-Bench §4.2 (semantic match).</source>
        <translation>评判模型匹配到参考的评论 / 评论。AACR-Bench §4.2（语义匹配）。</translation>
    </message>
    <message>
        <source>References the judge matched to a comment / references. AACR-Bench §4.2.</source>
        <translation>评判模型匹配到评论的参考 / 参考。AACR-Bench §4.2。</translation>
    </message>
    <message>
        <source>2 · P · R / (P + R) of the semantic match. AACR-Bench §4.2.</source>
        <translation>语义匹配的 2 · P · R / (P + R)。AACR-Bench §4.2。</translation>
    </message>
    <message>
        <source>Comments / merge requests. AACR-Bench Table 9.</source>
        <translation>评论 / 合并请求。AACR-Bench 表 9。</translation>
    </message>
    <message>
        <source>Comments that found no reference / comments. AACR-Bench §4.2.</source>
        <translation>未找到参考的评论 / 评论。AACR-Bench §4.2。</translation>
    </message>
    <message>
        <source>Comments / diff hunks, pooled over the merge requests. AACR-Bench Table 9, §4.2.1.</source>
        <translation>评论 / 差异块，汇总所有合并请求。AACR-Bench 表 9，§4.2.1。</translation>
    </message>
    <message>
        <source>judge %1: with %2 %3 pairs and %4 resamples no Holm-adjusted p-value can be below %5, so the tiers tell no reviewers apart at %6; --bootstrap %7 or more can</source>
        <translation>评判者 %1：在 %2 个 %3 配对和 %4 次重抽样下，经 Holm 校正的 p 值都不可能低于 %5，因此层级在 %6 水平下无法区分任何评审者；--bootstrap %7 或更多才可以</translation>
    </message>
</context>
<context>
    <name>rd::slicing</name>
    <message>
        <source>slicing was cancelled</source>
        <translation>切片已取消</translation>
    </message>
    <message>
        <source>cannot create a temporary directory</source>
        <translation>无法创建临时目录</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>cannot read %1</source>
        <translation>无法读取 %1</translation>
    </message>
    <message>
        <source>%1 is not a compilation database (a JSON array)</source>
        <translation>%1 不是编译数据库（JSON 数组）</translation>
    </message>
    <message>
        <source>%1 is not in the commit</source>
        <translation>%1 不在该提交中</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>commit %1 has a path that leaves the repository: %2</source>
        <translation>提交 %1 含有离开仓库的路径：%2</translation>
    </message>
    <message>
        <source>%1: entry %2 is not a compile command ("file", "directory" and "command" are strings, "arguments" a list of strings)</source>
        <translation>%1：第 %2 项不是编译命令（"file"、"directory" 和 "command" 为字符串，"arguments" 为字符串列表）</translation>
    </message>
</context>
</TS>